"""The review web application (FastAPI, server-rendered Jinja2 templates, htmx; ``anonymizer review``).

Pages: ``/login``; ``/`` the queue of held documents; ``/doc?job=ID`` one document with its entities
highlighted by label and chain, the entity list and the anonymized preview. Edits are POSTs answered with the
document fragment (htmx swaps it in place): ``/doc/add``, ``/doc/remove``, ``/doc/relabel``, ``/doc/merge``,
``/doc/split``; ``/doc/release`` publishes, ``/doc/leave`` gives the document back. Keyboard shortcuts are in
``static/review.js`` (listed on the page). Security model: :mod:`app.review.auth` and ``docs/review.md``.
"""

from __future__ import annotations

import secrets
from collections.abc import Awaitable, Callable
from contextlib import asynccontextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.middleware.sessions import SessionMiddleware

from app.detection.labels import STANDARD_LABELS
from app.review import auth
from app.review.service import Locked, NotHeld, ReviewService
from app.review.session import EditError, ReviewDocument, utf16_to_index
from app.settings import Settings

HERE = Path(__file__).resolve().parent
templates = Jinja2Templates(directory=str(HERE / "templates"))
templates.env.filters["utc"] = lambda ms: (
    datetime.fromtimestamp(ms / 1000, timezone.utc).strftime("%Y-%m-%d %H:%M UTC") if ms else "")

#: Keyboard shortcuts shown on the page (implemented in ``static/review.js``).
SHORTCUTS: tuple[tuple[str, str], ...] = (
    ("a", "add the selected text as an entity with the chosen label"),
    ("x / Delete", "remove the entity at the caret"),
    ("r", "relabel the entity at the caret with the chosen label"),
    ("1–9", "choose a label"),
    ("n / p", "caret to the next / previous entity"),
    ("m", "merge: press on one entity, then on another of the same label"),
    ("s", "split the entity at the caret into its own chain"),
    ("Ctrl+Enter", "release the document"),
    ("Shift+arrows", "select text in the document"),
)


def create_app(settings: Settings, service_factory: Callable[[], Awaitable[tuple[ReviewService, Any]]]) -> FastAPI:
    """The application.

    Args:
        settings: ``review_*`` settings (users file, trusted header, secret key, cookie).
        service_factory: coroutine giving ``(service, closer)`` at start-up; ``await closer()`` at shutdown.
            :func:`app.review.app_main.default_service` builds the production one (Kafka, Redis).
    """
    state: dict[str, Any] = {}

    @asynccontextmanager
    async def lifespan(_app: FastAPI):
        state["service"], closer = await service_factory()
        try:
            yield
        finally:
            await closer()

    app = FastAPI(lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(
        SessionMiddleware, secret_key=settings.review_secret_key or secrets.token_urlsafe(32),
        session_cookie="review_session", same_site="strict", https_only=settings.review_cookie_secure,
        max_age=12 * 3600,
    )
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")
    header = settings.review_trusted_user_header

    def service() -> ReviewService:
        return state["service"]

    def csrf(request: Request) -> str:
        token = request.session.get("csrf")
        if not token:
            token = request.session["csrf"] = auth.new_csrf_token()
        return token

    def user_of(request: Request) -> str | None:
        if header:
            return request.headers.get(header) or None
        return request.session.get("user")

    def page(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        context.update(user=user_of(request), csrf_token=csrf(request), proxy_login=bool(header))
        return templates.TemplateResponse(request, name, context, status_code=status)

    async def guarded(request: Request, form_token: str | None = None) -> str | Response:
        """The reviewer of a POST with a valid CSRF token, or the response refusing it."""
        user = user_of(request)
        if user is None:
            return Response("not logged in", status_code=401)
        if not auth.csrf_ok(request.session.get("csrf"), request.headers.get("X-CSRF-Token") or form_token):
            return Response("invalid CSRF token", status_code=403)
        return user

    def doc_fragment(request: Request, job_id: str, doc: ReviewDocument, error: str | None = None,
                     status: int = 200) -> HTMLResponse:
        try:
            preview, preview_error = service().preview(doc), None
        except EditError as exc:
            preview, preview_error = None, str(exc)
        return page(request, "_doc.html", status, job_id=job_id, doc=doc, error=error, preview=preview,
                    preview_error=preview_error, labels=STANDARD_LABELS)

    @app.get("/healthz")
    async def healthz() -> dict[str, Any]:
        return {"status": "ok", "pending": len(service().queue)}

    @app.get("/login", response_class=HTMLResponse)
    async def login_form(request: Request):
        if header:
            return RedirectResponse("/", status_code=303)
        return page(request, "login.html")

    @app.post("/login")
    async def login(request: Request, username: str = Form(""), password: str = Form(""),
                    csrf_token: str = Form("")):
        if header:
            return RedirectResponse("/", status_code=303)
        if not auth.csrf_ok(request.session.get("csrf"), csrf_token):
            return Response("invalid CSRF token", status_code=403)
        if not auth.verify(auth.read_users(settings.review_users_file), username, password):
            service().audit.write(username[:64], "login_failed")
            return page(request, "login.html", 401, error="Unknown user or wrong password.")
        request.session.clear()
        request.session.update(user=username, csrf=auth.new_csrf_token())
        service().audit.write(username, "login")
        return RedirectResponse("/", status_code=303)

    @app.post("/logout")
    async def logout(request: Request, csrf_token: str = Form("")):
        user = await guarded(request, csrf_token)
        if isinstance(user, Response):
            return user
        service().audit.write(user, "logout")
        request.session.clear()
        return RedirectResponse("/login", status_code=303)

    @app.get("/", response_class=HTMLResponse)
    async def queue(request: Request, message: str | None = None):
        if user_of(request) is None:
            return RedirectResponse("/login", status_code=303) if not header else Response("no user", status_code=401)
        held = service().queue.pending()
        return page(request, "queue.html", held=held, holders=await service().holders(), message=message)

    @app.get("/doc", response_class=HTMLResponse)
    async def document(request: Request, job: str):
        user = user_of(request)
        if user is None:
            return RedirectResponse("/login", status_code=303) if not header else Response("no user", status_code=401)
        try:
            doc = await service().open(job, user)
        except NotHeld:
            return RedirectResponse("/?message=The+document+is+no+longer+waiting+for+review.", status_code=303)
        except Locked as exc:
            held = service().queue.pending()
            return page(request, "queue.html", 409, held=held, holders=await service().holders(),
                        message=f"That document is being reviewed by {exc.holder}.")
        fragment = doc_fragment(request, job, doc).body.decode()
        return page(request, "doc.html", job_id=job, fragment=fragment, labels=STANDARD_LABELS,
                    shortcuts=SHORTCUTS)

    async def act(request: Request, action: str) -> Response:
        """One POST on a document: an edit (answered with the fragment), ``release`` or ``leave``."""
        form = await request.form()
        user = await guarded(request, form.get("csrf_token"))
        if isinstance(user, Response):
            return user
        job = str(form.get("job", ""))
        try:
            if action == "leave":
                await service().leave(job, user)
                return _hx_redirect(request, "/")
            if action == "release":
                await service().release(job, user)
                return _hx_redirect(request, "/?message=Released.")
            if action == "add":
                held = service().queue.get(job)
                if held is None:
                    raise NotHeld(job)
                params = {"start": utf16_to_index(held.text, int(form["start"])),
                          "end": utf16_to_index(held.text, int(form["end"])), "label": form["label"]}
            else:
                params = {k: form[k] for k in ("index", "other", "label") if k in form}
            doc = await service().edit(job, user, action, **params)
        except NotHeld:
            return _hx_redirect(request, "/?message=The+document+is+no+longer+waiting+for+review.")
        except Locked as exc:
            return Response(f"the document is being reviewed by {exc.holder}", status_code=409)
        except (EditError, KeyError, ValueError) as exc:
            doc = service().drafts.get(job)
            if doc is None:
                return Response("bad request", status_code=400)
            reason = str(exc) if isinstance(exc, EditError) else "a field is missing or malformed"
            return doc_fragment(request, job, doc, error=reason)
        return doc_fragment(request, job, doc)

    for name in ("add", "remove", "relabel", "merge", "split", "release", "leave"):
        app.add_api_route(f"/doc/{name}", _action_route(act, name), methods=["POST"], response_class=HTMLResponse)

    return app


def _action_route(act: Callable[..., Awaitable[Response]], action: str) -> Callable[[Request], Awaitable[Response]]:
    async def route(request: Request) -> Response:
        return await act(request, action)

    route.__name__ = f"doc_{action}"
    return route


def _hx_redirect(request: Request, url: str) -> Response:
    """A redirect: ``HX-Redirect`` for htmx requests (a 3xx would be followed inside the XHR), 303 otherwise."""
    if request.headers.get("HX-Request"):
        return Response(status_code=200, headers={"HX-Redirect": url})
    return Response(status_code=303, headers={"Location": url})
