"""Prints one docker-compose service's `environment:` entries for Scripts/official-suites.sh.

Usage: compose_environment.py COMPOSE_FILE SERVICE

Writes each entry as NAME=VALUE followed by a NUL byte, values as compose passes them to the
container: scalars as their text, `${VAR}` interpolated from this process's environment (empty
when unset, as compose does). Entries that say where the server listens or is reached (PORT,
GOTRUE_API_HOST, API_EXTERNAL_URL) are left out: the script picks the port, and the server's own
address is its base URL. Nothing else is changed, added or translated.
"""
import os
import re
import sys

import yaml

WHERE = {"PORT", "GOTRUE_API_HOST", "API_EXTERNAL_URL"}
MAX_BYTES = 1 << 20


def text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return ""
    return re.sub(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}", lambda m: os.environ.get(m.group(1), ""), str(value))


def main():
    path, service = sys.argv[1], sys.argv[2]
    with open(path, "rb") as source:
        data = source.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        sys.exit(f"{path}: larger than {MAX_BYTES} bytes")
    compose = yaml.safe_load(data)
    environment = (compose.get("services") or {}).get(service, {}).get("environment")
    if environment is None:
        sys.exit(f"{path}: no environment for service {service}")
    if isinstance(environment, list):
        environment = dict(entry.split("=", 1) if "=" in entry else (entry, os.environ.get(entry, "")) for entry in environment)
    out = sys.stdout.buffer
    for name, value in environment.items():
        if name not in WHERE:
            out.write(f"{name}={text(value)}".encode() + b"\0")


if __name__ == "__main__":
    main()
