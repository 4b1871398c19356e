#!/bin/sh
# Put catgames in the desktop's menu, for this user: ./install.sh
# Take it out again:                                ./install.sh --uninstall
# The game itself stays in this folder either way (run catgames/catgames to play without a menu).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
entry="$apps/catgames.desktop"

case "${1:-}" in
  --uninstall)
    rm -f "$entry"
    command -v update-desktop-database >/dev/null && update-desktop-database "$apps" || true
    echo "catgames is out of the menu ($entry removed); delete $here to remove the game too."
    exit 0 ;;
  "") ;;
  *) echo "usage: $0 [--uninstall]" >&2; exit 2 ;;
esac

if [ ! -x "$here/catgames/catgames" ]; then
  echo "$here/catgames/catgames is missing: unpack the whole archive, then run this again." >&2
  exit 1
fi
case "$here" in
  *[\"\`\$\\\|\&%]*)  # each would need escaping in a .desktop Exec line or in sed
    echo "please unpack into a folder whose path has none of \" \` \$ \\ | & %" >&2; exit 1 ;;
esac
mkdir -p "$apps"
# The Exec path is quoted, so a folder with spaces works.
sed -e "s|@EXEC@|\"$here/catgames/catgames\"|" -e "s|@ICON@|$here/icons/catgames-256.png|" \
  "$here/catgames.desktop" > "$entry"
command -v update-desktop-database >/dev/null && update-desktop-database "$apps" || true
echo "catgames is in the menu (Games): $entry"
