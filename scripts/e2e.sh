#!/usr/bin/env bash
# Runs the Playwright end-to-end suite in Chromium against bin/muelle, on a
# fresh SQLite database with the demo data. Screenshots land in web/test-results/screenshots
# (ignored by git, rewritten on every run).
# Arguments go to Playwright (e.g. scripts/e2e.sh e2e/venta.spec.ts: that spec alone, without the
# project dependencies).
set -euo pipefail
cd "$(dirname "$0")/.."

# Playwright drives the system Chromium (web/playwright.config.ts). On a fresh Debian or
# Ubuntu machine it is installed here when we may (root, or sudo without a password), as
# .ci/run does; otherwise the run stops saying what to install.
chromium=/usr/bin/chromium
if [ ! -x "$chromium" ] && command -v apt-get >/dev/null; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || { command -v sudo >/dev/null && sudo -n true 2>/dev/null && sudo="sudo -n"; } || true
  if [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; then
    echo "Instalando Chromium para las pruebas de extremo a extremo (apt-get install chromium)..." >&2
    { $sudo apt-get update -qq && $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; } >&2 || true
  fi
fi
if [ ! -x "$chromium" ]; then
  echo "Las pruebas de extremo a extremo necesitan Chromium en $chromium: instálelo (en Debian o Ubuntu: sudo apt-get install chromium) y vuelva a ejecutar make test." >&2
  exit 1
fi

# A port nobody listens on (from 18080 up), unless MUELLE_E2E_PORT names one: other
# runs may share the machine, and the specs must reach this run's server.
libre() { ! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
port=${MUELLE_E2E_PORT:-}
if [ -z "$port" ]; then
  for p in $(seq 18080 18180); do
    if libre "$p" && libre $((p - 15555)) && libre $((p - 15554)); then port=$p; break; fi
  done
  [ -n "$port" ] || { echo "no hay un puerto libre entre 18080 y 18180" >&2; exit 1; }
fi
tmp=$(mktemp -d)
db="sqlite:$tmp/e2e.db"
log="$tmp/server.log"

# The SMTP spec runs its own mail server on loopback, on a port of its own, with
# this self-signed certificate; the server trusts it through MUELLE_SMTP_CA
# (verification stays on) and may reach it through MUELLE_SMTP_PERMITIR_PRIVADAS.
smtp_port=${MUELLE_E2E_SMTP_PORT:-$((port - 15555))}
# The Mercado Pago spec runs a fake of its API over HTTPS with the same certificate, on the next port.
mp_port=${MUELLE_E2E_MP_PORT:-$((port - 15554))}
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj /CN=127.0.0.1 \
  -addext subjectAltName=IP:127.0.0.1 -keyout "$tmp/smtp-key.pem" -out "$tmp/smtp-cert.pem" 2>/dev/null

MUELLE_BCRYPT_COST=4 bin/muelle seed --demo --db "$db" >/dev/null
# every spec logs in from 127.0.0.1: the per-address login limit is raised
MUELLE_BCRYPT_COST=4 MUELLE_SMTP_CA="$tmp/smtp-cert.pem" MUELLE_SMTP_PERMITIR_PRIVADAS=true MUELLE_LOGINS_POR_MINUTO=100000 \
  MUELLE_SERVICIOS_CA="$tmp/smtp-cert.pem" MUELLE_MERCADOPAGO_URL="https://127.0.0.1:$mp_port" \
  bin/muelle serve --addr "127.0.0.1:$port" --db "$db" >"$log" 2>&1 &
pid=$!
cleanup() { kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; rm -rf "$tmp"; }
trap cleanup EXIT

# Wait until it answers (bounded), and make sure it is this run's server that does.
for _ in $(seq 1 150); do
  kill -0 "$pid" 2>/dev/null || break
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  sleep 0.2
done
kill -0 "$pid" 2>/dev/null && curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null || { cat "$log"; exit 1; }

cd web
# Specs named on the command line run alone: without --no-deps, a spec tagged @empresa would first
# run the whole chromium project its project depends on (playwright.config.ts).
[ "$#" -gt 0 ] && set -- --no-deps "$@"
MUELLE_E2E_URL="http://127.0.0.1:$port" MUELLE_E2E_DB="$tmp/e2e.db" MUELLE_E2E_SMTP_PORT="$smtp_port" MUELLE_E2E_MP_PORT="$mp_port" \
  MUELLE_E2E_SMTP_CERT="$tmp/smtp-cert.pem" MUELLE_E2E_SMTP_KEY="$tmp/smtp-key.pem" npx playwright test "$@" 2>&1 | tee "$tmp/playwright.log" && exit 0
# On a failure: the end of the server's log, and then Playwright's summary again (which specs
# failed), so that the last lines of the output name them.
tail -50 "$log"
echo "--- resumen de Playwright ---"
sed -n '/^ *[0-9]* failed$/,$p' "$tmp/playwright.log" | tail -40
exit 1
