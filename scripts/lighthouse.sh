#!/usr/bin/env bash
# Lighthouse (mobile preset) on the login, the sale screen and the validator of bin/muelle,
# served from a fresh SQLite database with the demo data, in the system Chromium. Prints the
# scores (performance, accessibility, best practices), what each page transfers, its largest paint's
# element and the long tasks after its first paint (what the blocking time counts): a figure,
# never a pass or fail. Each page is measured MUELLE_LH_RUNS times (3) and its median shown;
# MUELLE_LH_PAGES=login measures one page; MUELLE_LH_OUT=DIR keeps the JSON reports.
# Lighthouse lives in scripts/lighthouse (its own package, installed here on first use, so
# that web/'s npm ci does not carry it); the session is written with web/'s playwright-core.
# `make lighthouse` builds bin/muelle first.
set -euo pipefail
cd "$(dirname "$0")/.."

bin=${MUELLE_LH_BIN:-bin/muelle}
[ -x "$bin" ] || { echo "Falta $bin: ejecute make build (o make lighthouse)." >&2; exit 1; }
[ -d web/node_modules/playwright-core ] || { echo "Faltan las dependencias de web/: ejecute make build." >&2; exit 1; }
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}
[ -x "$CHROME_PATH" ] || { echo "Lighthouse necesita Chromium en $CHROME_PATH: instálelo (apt-get install chromium)." >&2; exit 1; }
if [ ! -d scripts/lighthouse/node_modules ] || [ scripts/lighthouse/package-lock.json -nt scripts/lighthouse/node_modules ]; then
  (cd scripts/lighthouse && npm ci --no-audit --no-fund && touch node_modules)
fi

port=${MUELLE_LH_PORT:-18700}
tmp=$(mktemp -d)
db="sqlite:$tmp/lighthouse.db"
MUELLE_BCRYPT_COST=4 "$bin" seed --demo --db "$db" >/dev/null
MUELLE_BCRYPT_COST=4 MUELLE_WHATSAPP=false "$bin" serve --addr "127.0.0.1:$port" --db "$db" >"$tmp/server.log" 2>&1 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT

for _ in $(seq 1 50); do
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  sleep 0.2
done
curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null || { cat "$tmp/server.log"; exit 1; }

MUELLE_LH_URL="http://127.0.0.1:$port" node scripts/lighthouse/run.mjs
