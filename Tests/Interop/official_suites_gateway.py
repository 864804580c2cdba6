"""A pytest plugin for Scripts/official-suites.sh: the API gateway's key on every request.

supabase-py's auth tests talk to GoTrue directly, as their docker-compose file runs it. `login serve`
answers GoTrue's routes behind Supabase's API gateway, under /auth/v1, which refuses a request
without an `apikey` ("No API key found in request"), as the hosted service and the Supabase CLI's
stack do; supabase-py's own `create_client` always sends one. This plugin adds the anon key of the
server a request goes to, from OFFICIAL_SUITES_APIKEYS ("port=key,port=key"), to each httpx request
to 127.0.0.1 or localhost that has no `apikey` yet. It changes nothing else.
"""
import os

import httpx

_KEYS = dict(
    entry.split("=", 1) for entry in os.environ.get("OFFICIAL_SUITES_APIKEYS", "").split(",") if "=" in entry
)


def _with_key(request):
    if request.url.host in ("127.0.0.1", "localhost") and "apikey" not in request.headers:
        key = _KEYS.get(str(request.url.port))
        if key:
            request.headers["apikey"] = key


_send = httpx.Client.send
_send_async = httpx.AsyncClient.send


def _patched_send(self, request, *args, **kwargs):
    _with_key(request)
    return _send(self, request, *args, **kwargs)


async def _patched_send_async(self, request, *args, **kwargs):
    _with_key(request)
    return await _send_async(self, request, *args, **kwargs)


httpx.Client.send = _patched_send
httpx.AsyncClient.send = _patched_send_async
