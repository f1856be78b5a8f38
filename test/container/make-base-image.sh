#!/usr/bin/env bash
# Makes the Containerfile's base images on a machine that reaches no image registry:
# a Debian bookworm root filesystem (debootstrap) with this machine's Node.js, its
# headers and npm, and a `node` user (uid 1000), imported under the official images'
# names (docker.io/library/node:20-bookworm and :20-bookworm-slim), so the
# Containerfile stays the one users build anywhere. The bundle of trusted
# certificates is this machine's, so npm reaches the registry as the host does.
# Nothing is made when both images exist already.
set -euo pipefail

FULL=docker.io/library/node:20-bookworm
SLIM=docker.io/library/node:20-bookworm-slim
PODMAN=(podman --runtime runc)

if "${PODMAN[@]}" image exists "$FULL" && "${PODMAN[@]}" image exists "$SLIM"; then
  exit 0
fi

root=$(mktemp -d /var/tmp/shortlink-base.XXXXXX)
trap 'rm -rf "$root"' EXIT
# python3, make and g++: what the official full image has for native addons (better-sqlite3).
debootstrap --variant=minbase --include=ca-certificates,python3,make,g++ bookworm "$root" http://deb.debian.org/debian >/dev/null

node_prefix=$(dirname "$(dirname "$(readlink -f "$(command -v node)")")")
install -D -m 0755 "$(readlink -f "$(command -v node)")" "$root/usr/local/bin/node"
mkdir -p "$root/usr/local/include" "$root/usr/local/lib/node_modules" "$root/usr/local/etc"
cp -a "$node_prefix/include/node" "$root/usr/local/include/node"
cp -a "$node_prefix/lib/node_modules/npm" "$root/usr/local/lib/node_modules/npm"
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$root/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$root/usr/local/bin/npx"
cp /etc/ssl/certs/ca-certificates.crt "$root/etc/ssl/certs/ca-certificates.crt"
# npm and Node trust that bundle as the host's npm does (npm's global config, and Node's extra CAs below).
printf 'cafile=/etc/ssl/certs/ca-certificates.crt\n' > "$root/usr/local/etc/npmrc"
chroot "$root" groupadd --gid 1000 node
chroot "$root" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*

tar -C "$root" -c . | "${PODMAN[@]}" import --change 'CMD ["node"]' \
  --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' - "$FULL" >/dev/null
"${PODMAN[@]}" tag "$FULL" "$SLIM"
echo "made $FULL and $SLIM"
