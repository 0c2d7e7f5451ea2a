"""Human review against the real Redis (session key prefix): the lease, the encrypted corrections store, and the
web application through HTTP (Starlette's TestClient; publishing is recorded instead of sent to Kafka)."""

from __future__ import annotations

import asyncio
import re

import orjson
import pytest
import redis.asyncio as aioredis
from fastapi.testclient import TestClient

from app.crypto import TableCipher, generate_key
from app.review.audit import AuditLog
from app.review.auth import user_line
from app.review.corrections import CorrectionStore
from app.review.lease import ReviewLease
from app.review.queue import ReviewQueue, held_message
from app.review.service import ReviewService
from app.review.web import create_app
from app.settings import Settings

TEXT = "Dear Ann Lee, your visit to Porto is confirmed. Ann Lee, please call Bob."
ENTITIES = [
    {"start": 5, "end": 12, "label": "PERSON", "text": "Ann Lee", "source": "stanza", "score": 0.9},
    {"start": 28, "end": 33, "label": "LOCATION", "text": "Porto", "source": "stanza", "score": 0.9},
    {"start": 48, "end": 55, "label": "PERSON", "text": "Ann Lee", "source": "stanza", "score": 0.9},
]


async def test_lease_one_reviewer_at_a_time(redis_url, table_key_prefix):
    lease = ReviewLease(aioredis.Redis.from_url(redis_url), prefix=table_key_prefix + "lease-test:", ttl_seconds=60)
    try:
        assert await lease.acquire("job/1", "alice") == "alice"
        assert await lease.acquire("job/1", "bob") == "alice"  # bob is refused, alice keeps it
        assert await lease.holder("job/1") == "alice"
        assert await lease.release("job/1", "bob") is False  # only the holder ends it
        assert await lease.acquire("job/1", "alice") == "alice"  # renewal
        assert 0 < await lease.client.ttl(lease.key("job/1")) <= 60
        assert await lease.release("job/1", "alice") is True
        assert await lease.holder("job/1") is None
        assert await lease.acquire("job/1", "bob") == "bob"
        await lease.client.expire(lease.key("job/1"), 1)
        await asyncio.sleep(1.2)  # an abandoned lease expires
        assert await lease.acquire("job/1", "carol") == "carol"
        await lease.release("job/1", "carol")
    finally:
        await lease.client.aclose()


async def test_corrections_are_encrypted_with_the_table_keys_and_expire(redis_url, table_key_prefix):
    key = generate_key()
    settings = Settings(redis_url=redis_url, table_keys=key, table_hmac_secret="h" * 32, review_key_prefix=table_key_prefix + "rv:",
                        review_corrections_ttl_seconds=3600)
    store = CorrectionStore.from_settings(settings)
    record = {"version": 1, "job_id": "j1", "language": "en", "text": TEXT, "released": [[5, 12, "PERSON"]]}
    try:
        await store.save("j1", record)
        await store.save("j2", {**record, "job_id": "j2", "language": "de"})
        raw = await store.client.get(store.key("j1"))
        assert raw.startswith(b"aesgcm:") and b"Ann Lee" not in raw and b"Porto" not in raw  # not "Ann": random base64
        assert store.key("j1").startswith(table_key_prefix + "rv:correction:")
        assert 3500 < await store.client.ttl(store.key("j1")) <= 3600
        assert await store.records("en") == [record]
        assert [r["job_id"] for r in await store.records()] == ["j1", "j2"]
        assert orjson.loads(TableCipher([key]).decrypt(raw, store._ad("j1"))) == record
        assert await store.load("j1") == record
    finally:
        await store.delete("j1")
        await store.delete("j2")
        await store.close()


@pytest.fixture
def review_app(redis_url, table_key_prefix, tmp_path, request):
    """A TestClient of the app with one held document; ``client.sent`` records what a release publishes."""
    prefix = f"{table_key_prefix}web-{request.node.name[:20]}:"
    users = tmp_path / "users.txt"
    users.write_text(user_line("alice", "pw-alice") + "\n" + user_line("bob", "pw-bob") + "\n", encoding="utf-8")
    settings = Settings(redis_url=redis_url, table_keys=generate_key(), table_hmac_secret="h" * 32, review_key_prefix=prefix,
                        review_users_file=str(users), review_audit_log=str(tmp_path / "audit.jsonl"),
                        review_secret_key="test-secret")
    sent: list[tuple[str, str, bytes]] = []
    queue = ReviewQueue()
    detected = {"job_id": "job 1", "text": TEXT, "language": "en", "method": "tag", "entities": ENTITIES,
                "metadata": {"review": True}}
    queue.apply(held_message(detected, ["flag"]), 1)

    async def factory():
        client = aioredis.Redis.from_url(redis_url)
        corrections = CorrectionStore.from_settings(settings)

        async def send(topic, key, value):
            sent.append((topic, key, value))

        service = ReviewService(settings, queue, ReviewLease(client, prefix=prefix, ttl_seconds=60),
                                AuditLog(settings.review_audit_log), corrections, send)

        async def close():
            for job in ("job 1",):
                await corrections.delete(job)
            await client.aclose()
            await corrections.close()

        return service, close

    app = create_app(settings, factory)
    with TestClient(app) as client:
        client.sent = sent
        client.settings = settings
        yield client


def login(client, user="alice", password=None) -> str:
    page = client.get("/login")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)
    response = client.post("/login", data={"username": user, "password": password or f"pw-{user}", "csrf_token": token},
                           follow_redirects=False)
    assert response.status_code == 303, response.text
    return re.search(r'name="csrf-token" content="([^"]+)"', client.get("/").text).group(1)


def test_login_required_and_wrong_password_refused(review_app):
    assert review_app.get("/", follow_redirects=False).headers["location"] == "/login"
    page = review_app.get("/login")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text).group(1)
    bad = review_app.post("/login", data={"username": "alice", "password": "nope", "csrf_token": token})
    assert bad.status_code == 401 and "wrong password" in bad.text
    assert review_app.post("/login", data={"username": "alice", "password": "pw-alice", "csrf_token": "x"}).status_code == 403


def test_edit_and_release_through_http(review_app):
    csrf = login(review_app)
    queue = review_app.get("/")
    assert "job 1" in queue.text and "flag" in queue.text and "1970-01-01 00:00 UTC" in queue.text  # held at 1 ms
    page = review_app.get("/doc", params={"job": "job 1"})
    assert page.status_code == 200
    assert re.findall(r'<mark class="ent label-(\w+)" data-index="(\d)" data-chain="(\d)"', page.text) == [
        ("PERSON", "0", "1"), ("LOCATION", "1", "2"), ("PERSON", "2", "1")]
    assert "Dear [PERSON_1], your visit to [LOCATION_1] is confirmed." in page.text
    headers = {"X-CSRF-Token": csrf, "HX-Request": "true"}
    # no CSRF token: refused, nothing changes
    assert review_app.post("/doc/remove", data={"job": "job 1", "index": "1"}).status_code == 403
    # add "Bob" (offsets in UTF-16 units, as the browser sends them)
    r = review_app.post("/doc/add", data={"job": "job 1", "start": "69", "end": "72", "label": "PERSON"}, headers=headers)
    assert r.status_code == 200 and 'data-index="3"' in r.text and "please call [PERSON_2]." in r.text
    r = review_app.post("/doc/remove", data={"job": "job 1", "index": "1"}, headers=headers)  # Porto
    assert "your visit to Porto is confirmed" in r.text
    r = review_app.post("/doc/add", data={"job": "job 1", "start": "0", "end": "8", "label": "PERSON"}, headers=headers)
    assert "overlaps entity 0" in r.text  # an invalid edit is reported in the fragment
    r = review_app.post("/doc/split", data={"job": "job 1", "index": "1"}, headers=headers)
    assert "is confirmed. [PERSON_2], please call [PERSON_3]." in r.text
    assert '<option value="1">chain 2</option>' in r.text  # the merge select of entity 0 offers chain 2
    r = review_app.post("/doc/merge", data={"job": "job 1", "index": "0", "other": "1"}, headers=headers)
    assert "is confirmed. [PERSON_1], please call [PERSON_2]." in r.text
    # bob cannot open alice's document
    alice_cookies = dict(review_app.cookies)
    review_app.cookies.clear()
    login(review_app, "bob")
    locked = review_app.get("/doc", params={"job": "job 1"})
    assert locked.status_code == 409 and "being reviewed by alice" in locked.text
    review_app.cookies.clear()
    review_app.cookies.update(alice_cookies)
    released = review_app.post("/doc/release", data={"job": "job 1"}, headers=headers)
    assert released.headers["HX-Redirect"] == "/?message=Released."
    topics = [(t, k) for t, k, _ in review_app.sent]
    assert topics == [("documents.resolved", "job 1"), ("documents.review", "job 1")]
    resolved = orjson.loads(review_app.sent[0][2])
    assert [(e["text"], e["label"], e["source"]) for e in resolved["entities"]] == [
        ("Ann Lee", "PERSON", "stanza"), ("Ann Lee", "PERSON", "stanza"), ("Bob", "PERSON", "review")]
    assert resolved["chains"] == [{"chain_id": 0, "label": "PERSON", "mentions": [0, 1]},
                                  {"chain_id": 1, "label": "PERSON", "mentions": [2]}]
    assert orjson.loads(review_app.sent[1][2]) == {"job_id": "job 1", "released": True}
    assert "job 1" not in review_app.get("/").text
    audit = AuditLog(review_app.settings.review_audit_log).entries()
    assert [(e["user"], e["action"]) for e in audit] == [
        ("alice", "login"), ("alice", "open"), ("alice", "add"), ("alice", "remove"), ("alice", "split"),
        ("alice", "merge"), ("bob", "login"), ("alice", "release")]
    assert audit[2]["details"] == {"start": 69, "end": 72, "label": "PERSON"}
    assert audit[-1]["details"] == {"entities": 3, "chains": 2, "added": 1, "removed": 1, "relabelled": 0}
    assert "Ann" not in review_app.settings.review_audit_log and all("Ann" not in orjson.dumps(e).decode() for e in audit)

    async def stored():
        store = CorrectionStore.from_settings(review_app.settings)
        try:
            return await store.load("job 1")
        finally:
            await store.close()

    record = asyncio.run(stored())
    assert record["added"] == [[69, 72, "PERSON"]] and record["removed"] == [[28, 33, "LOCATION"]]


def test_trusted_proxy_header_replaces_the_login(redis_url, table_key_prefix, tmp_path):
    settings = Settings(redis_url=redis_url, table_keys=generate_key(), table_hmac_secret="h" * 32, review_key_prefix=table_key_prefix + "proxy:",
                        review_trusted_user_header="X-Forwarded-User", review_audit_log=str(tmp_path / "a.jsonl"))

    async def factory():
        client = aioredis.Redis.from_url(redis_url)

        async def send(topic, key, value):
            raise AssertionError("nothing is published here")

        service = ReviewService(settings, ReviewQueue(), ReviewLease(client, prefix=settings.review_key_prefix),
                                AuditLog(settings.review_audit_log), None, send)
        return service, client.aclose

    with TestClient(create_app(settings, factory)) as client:
        assert client.get("/").status_code == 401  # no header: nobody
        page = client.get("/", headers={"X-Forwarded-User": "carol"})
        assert page.status_code == 200 and '<span class="who">carol</span>' in page.text and "Log out" not in page.text
        assert client.get("/login", follow_redirects=False).headers["location"] == "/"
        # the header does not replace the CSRF token
        refused = client.post("/doc/leave", data={"job": "x"}, headers={"X-Forwarded-User": "carol"})
        assert refused.status_code == 403
