"""The review page driven as a person would: headless Chromium (Debian ``chromium`` + ``chromium-driver``) through
Selenium, against ``anonymizer review`` as a subprocess, the worker, Tansu and Redis.

The reviewer logs in, opens the held document, and with the keyboard alone selects a missed name and adds it as
an entity (``3``, ``a``), relabels it (``1``, ``r``), removes a detected entity (``n``, ``x``) and releases the document
(``Ctrl+Enter``); the anonymized text on ``translation.requests`` is asserted exactly.

Set ``ANON_REVIEW_SCREENSHOTS=docs`` to write the screenshots of the README there.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from anontools.devtools.harness.worker import derived_hmac_secret

from app.review.auth import user_line
from anontools.devtools.harness.kafka import Collector, produce

pytestmark = pytest.mark.e2e

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
REPO = Path(__file__).resolve().parents[1]
TEXT = "Maria Santos met the courier, a man called tiago, in Lisbon.\nThe parcel stays with Maria Santos."
TIMEOUT = 180.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def browser():
    if not (CHROMIUM and CHROMEDRIVER):
        pytest.skip("no chromium/chromedriver (apt-get install -y chromium chromium-driver)")
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1100",
                "--disable-gpu", "--no-first-run", "--disable-extensions"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.implicitly_wait(0)
    try:
        yield driver
    finally:
        driver.quit()


@pytest.fixture
def review_server(worker, table_key_prefix, table_keys, tmp_path):
    """``anonymizer review`` on a free loopback port, wired to the worker's broker and Redis; user alice."""
    users = tmp_path / "users.txt"
    users.write_text(user_line("alice", "correct horse") + "\n", encoding="utf-8")
    port = _free_port()
    env = {**os.environ, "ANON_BROKER_URL": f"kafka://{worker.bootstrap}", "ANON_REDIS_URL": worker.settings.redis_url,
           "ANON_TABLE_KEYS": table_keys, "ANON_TABLE_KEYS_FILE": "", "ANON_REVIEW_USERS_FILE": str(users),
           "ANON_TABLE_HMAC_SECRET": derived_hmac_secret(table_keys),
           "ANON_REVIEW_KEY_PREFIX": table_key_prefix + "browser:", "ANON_REVIEW_AUDIT_LOG": str(tmp_path / "audit.jsonl"),
           "ANON_REVIEW_SECRET_KEY": "browser-test", "PYTHONPATH": str(REPO)}
    log = (tmp_path / "review.log").open("wb")
    proc = subprocess.Popen([sys.executable, "-m", "app.cli", "review", "--port", str(port)], cwd=REPO, env=env,
                            stdout=log, stderr=subprocess.STDOUT)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2) as r:
                if r.status == 200:
                    break
        except OSError:
            pass
        if proc.poll() is not None or time.monotonic() > deadline:
            proc.kill()
            pytest.fail("review server did not start: " + (tmp_path / "review.log").read_text(errors="replace")[-2000:])
        time.sleep(0.3)
    try:
        yield base, tmp_path / "audit.jsonl"
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_review_in_the_browser_with_the_keyboard(worker, session_id, review_server, browser):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    base, audit_path = review_server
    job = f"{session_id}-browser"
    s = worker.settings
    shots = os.environ.get("ANON_REVIEW_SCREENSHOTS")

    async def hold() -> dict:
        async with Collector(worker.bootstrap, [s.topic_review], partitions=s.topic_partitions) as out:
            await produce(worker.bootstrap, s.topic_documents,
                          [(job, {"job_id": job, "language": "en", "text": TEXT, "metadata": {"review": True}})])
            return (await out.wait_for_keys([job], [s.topic_review], TIMEOUT))[job].json

    detected = [(e["text"], e["label"]) for e in asyncio.run(hold())["entities"]]
    assert detected == [("Maria Santos", "PERSON"), ("Lisbon", "LOCATION"), ("Maria Santos", "PERSON")], detected

    wait = WebDriverWait(browser, 30)
    keys = ActionChains(browser)
    browser.get(base + "/login")
    browser.find_element(By.ID, "username").send_keys("alice")
    browser.find_element(By.ID, "password").send_keys("correct horse" + Keys.ENTER)
    wait.until(lambda d: job in d.page_source)
    if shots:
        browser.save_screenshot(str(Path(shots) / "review-queue.png"))
    browser.find_element(By.LINK_TEXT, job).click()
    wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#text mark.ent"))
    assert browser.switch_to.active_element.get_attribute("id") == "text"  # the caret is in the text

    def marks() -> list[tuple[str, str, str]]:  # read in one script: htmx may swap the fragment in between
        return [tuple(m) for m in browser.execute_script(
            "return Array.from(document.querySelectorAll('#text mark.ent'))"
            ".map(m => [m.textContent, m.dataset.label, m.dataset.chain])")]

    assert marks() == [("Maria Santos", "PERSON", "1"), ("Lisbon", "LOCATION", "2"), ("Maria Santos", "PERSON", "1")]
    # select the missed name with the keyboard and add it, first with the wrong label (3 = LOCATION)
    name = "tiago"  # a lower-case first name the English model misses
    keys.send_keys(Keys.ARROW_RIGHT * TEXT.index(name)).key_down(Keys.SHIFT).send_keys(Keys.ARROW_RIGHT * len(name)) \
        .key_up(Keys.SHIFT).perform()
    assert browser.execute_script("return window.getSelection().toString()") == name
    ActionChains(browser).send_keys("3", "a").perform()
    wait.until(lambda d: (name, "LOCATION", "2") in marks())
    # relabel it PERSON (label 1) with the caret still on it
    ActionChains(browser).send_keys("1", "r").perform()
    wait.until(lambda d: (name, "PERSON", "2") in marks())
    # the next entity is "Lisbon": remove it
    ActionChains(browser).send_keys("n").perform()
    assert browser.find_element(By.CSS_SELECTOR, "#text mark.current").text == "Lisbon"
    ActionChains(browser).send_keys("x").perform()
    wait.until(lambda d: "Lisbon" not in [m[0] for m in marks()])
    assert marks() == [("Maria Santos", "PERSON", "1"), (name, "PERSON", "2"), ("Maria Santos", "PERSON", "1")]
    expected = "[PERSON_1] met the courier, a man called [PERSON_2], in Lisbon.\nThe parcel stays with [PERSON_1]."
    assert browser.find_element(By.ID, "preview").text == expected
    if shots:
        browser.save_screenshot(str(Path(shots) / "review-document.png"))

    async def release() -> list:
        async with Collector(worker.bootstrap, [s.topic_translation_requests], partitions=s.topic_partitions) as out:
            ActionChains(browser).key_down(Keys.CONTROL).send_keys(Keys.ENTER).key_up(Keys.CONTROL).perform()
            await out.wait_for_keys([job], [s.topic_translation_requests], TIMEOUT)
            await asyncio.sleep(3.0)
            return out.for_key(job, s.topic_translation_requests)

    requests = asyncio.run(release())
    assert [m.json["text"] for m in requests] == [expected]
    wait.until(lambda d: "Released." in d.page_source)
    assert job not in browser.find_element(By.TAG_NAME, "main").text
    actions = [line for line in audit_path.read_text().splitlines()]
    assert [a.split('"action":"')[1].split('"')[0] for a in actions] == [
        "login", "open", "add", "relabel", "remove", "release"]
    assert "tiago" not in audit_path.read_text() and "Maria" not in audit_path.read_text()
