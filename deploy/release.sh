#!/usr/bin/env bash
# deploy/release.sh [REF]: put REF (default main) online without dropping a request.
#
# Builds REF in a new folder beside the release that is serving, applies its migrations, points
# /srv/civicstl/current at it, then restarts the web processes one at a time (systemd holds each
# one's socket, so connections wait for the new process; the old one finishes its requests), and
# the worker last. If the build or a migration fails, nothing was switched: the old release serves on.
# Run as root on the server (deploy.yml does, over SSH). Every path and command can be changed
# through the variables below, which is how the tests run it without systemd.
set -euo pipefail

ROOT=${CIVICSTL_ROOT:-/srv/civicstl}
REPO=${CIVICSTL_REPO:-$ROOT/repo.git}
ENV_FILE=${CIVICSTL_ENV_FILE:-/etc/civicstl/civicstl.env}
WEB_PORTS=${CIVICSTL_WEB_PORTS:-8001 8002}
KEEP=${CIVICSTL_RELEASES_KEEP:-3}
# Builds run as the service's user, never as root.
AS=${CIVICSTL_AS-runuser -u civicstl --}
BUILD=${CIVICSTL_BUILD:-make install build}
SYSTEMCTL=${CIVICSTL_SYSTEMCTL:-systemctl}
ref=${1:-main}

say() { echo "release: $*" >&2; }

git -C "$REPO" fetch --quiet origin 2>/dev/null || true
sha=$(git -C "$REPO" rev-parse --verify "$ref^{commit}")
new="$ROOT/releases/$(date -u +%Y%m%d-%H%M%S)-${sha:0:12}"
old=$(readlink -e "$ROOT/current" 2>/dev/null || echo "the release before (none yet)")

say "building ${sha:0:12} in $new"
mkdir -p "$ROOT/releases"
git clone --quiet --no-checkout "$REPO" "$new"
git -C "$new" checkout --quiet --detach "$sha"
chown -R --reference="$ROOT/var" "$new" 2>/dev/null || true
if ! (cd "$new" && $AS $BUILD); then
  say "the build failed; $old is still serving. Fix the build and release again."
  exit 1
fi

say "applying migrations"
if ! (cd "$new" && set -a && . "$ENV_FILE" && set +a && $AS .venv/bin/python -m rsvp_service migrate); then
  say "the migrations failed (each one is a transaction, so none is half applied); $old is still serving."
  exit 1
fi

ln -sfn "$new" "$ROOT/current.next"
mv -T "$ROOT/current.next" "$ROOT/current"
say "switched current to $new"

wait_answering() {
  for _ in $(seq 1 300); do
    if curl -s -o /dev/null --max-time 2 "http://127.0.0.1:$1/api/config"; then return 0; fi
    sleep 0.2
  done
  return 1
}

for port in $WEB_PORTS; do
  # Not running yet (the first release, before the units are enabled): nothing to restart.
  $SYSTEMCTL is-active --quiet "civicstl-web@$port" || continue
  $SYSTEMCTL restart "civicstl-web@$port"
  if ! wait_answering "$port"; then
    say "the web process on port $port did not come back; switching back to $old."
    if [ -n "$old" ]; then
      ln -sfn "$old" "$ROOT/current.next" && mv -T "$ROOT/current.next" "$ROOT/current"
      $SYSTEMCTL restart "civicstl-web@$port"
    fi
    exit 1
  fi
  say "port $port serves the new release"
done
if $SYSTEMCTL is-active --quiet civicstl-worker; then $SYSTEMCTL restart civicstl-worker; fi

# Keep the newest KEEP releases (the current one always among them).
ls -1d "$ROOT"/releases/*/ | sort | head -n "-$KEEP" | while read -r stale; do
  [ "$(readlink -f "$stale")" = "$(readlink -f "$ROOT/current")" ] || rm -rf "$stale"
done
say "done: ${sha:0:12} is live"
