#!/usr/bin/env bash
# Browser test of the example server's board page (issue 6 item 4): installs
# what it needs (Debian packages chromium and chromium-driver, npm package
# playwright-core, which never downloads a browser), builds and starts
# examples/server on a free localhost port, and plays whole games in
# headless Chromium (e2e.mjs): two against the bot, and one between two
# people in two browser contexts that follow each other over the server's
# event stream. Screenshots go to examples/server/e2e/out/.
#
#   bash examples/server/e2e/run.sh
#
# When an install fails it prints a loud SKIP and exits 0; when the test
# fails it exits 1.
set -uo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
out="$here/out"

skip() {
	echo
	echo "################################################################"
	echo "## SKIP: browser test of examples/server: $*"
	echo "################################################################"
	echo
	exit 0
}

sudo=()
if [[ $(id -u) -ne 0 ]] && command -v sudo >/dev/null 2>&1; then
	sudo=(sudo -n)
fi
apt_install() {
	"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1 && return 0
	"${sudo[@]}" apt-get update -qq >/dev/null 2>&1 &&
		"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null 2>&1
}

chromium_bin="${CHROMIUM:-/usr/bin/chromium}"
if [[ ! -x "$chromium_bin" ]] || ! command -v chromedriver >/dev/null 2>&1; then
	echo "installing chromium and chromium-driver (apt-get)"
	apt_install chromium chromium-driver || skip "could not install the Debian packages chromium and chromium-driver"
fi
[[ -x "$chromium_bin" ]] || skip "no Chromium at $chromium_bin"
if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
	echo "installing nodejs and npm (apt-get)"
	apt_install nodejs npm || skip "could not install nodejs and npm"
fi
if [[ ! -d "$here/node_modules/playwright-core" ]]; then
	echo "installing playwright-core (npm; no browser download)"
	(cd "$here" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund --silent) ||
		skip "npm install playwright-core failed"
fi
echo "$("$chromium_bin" --version 2>/dev/null), node $(node --version)"

mkdir -p "$out"
(cd "$root" && go build -o "$out/server" ./examples/server) || { echo "e2e: FAIL: go build"; exit 1; }
log="$out/server.log"
rm -f "$out"/e2e.db*
# The pages click as fast as a browser can, all from one address, beside
# the test's own checks: far past what people send, so the request rate
# per client is lifted.
"$out/server" -addr 127.0.0.1:0 -db "$out/e2e.db" -requests-per-minute 60000 2>"$log" &
server=$!
trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null' EXIT
url=""
for _ in $(seq 1 100); do
	url=$(grep -o 'http://127\.0\.0\.1:[0-9]*' "$log" | head -1)
	[[ -n "$url" ]] && break
	sleep 0.1
done
[[ -n "$url" ]] || { echo "e2e: FAIL: the server did not start"; cat "$log"; exit 1; }
echo "server at $url"
(cd "$here" && timeout 600 node e2e.mjs "$url" "$out")
status=$?
[[ $status -eq 0 ]] || { echo "e2e: FAIL (status $status); server log:"; tail -20 "$log"; }
exit $status
