#!/bin/sh
# Put catgames in the desktop's menu, for this user: ./install.sh
# Take it out again:                                ./install.sh --uninstall
# The game itself stays in this folder either way (run catgames/catgames to play without a menu).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
apps="${XDG_DATA_HOME:-$HOME/.local/share}/applications"
entry="$apps/catgames.desktop"

# Where the game keeps saves and settings (catgames/core/storage.py, platformdirs on Linux).
if [ -n "${CATGAMES_HOME:-}" ]; then
  kept="$CATGAMES_HOME"
else
  kept="${XDG_DATA_HOME:-$HOME/.local/share}/catgames and ${XDG_CONFIG_HOME:-$HOME/.config}/catgames"
fi

case "${1:-}" in
  --uninstall)
    if [ -e "$entry" ]; then
      rm -f "$entry"
      command -v update-desktop-database >/dev/null && update-desktop-database "$apps" || true
      echo "catgames is out of the menu ($entry removed)."
    else
      echo "catgames was not in the menu (there is no $entry)."
    fi
    echo "The game itself is still in $here: delete that folder to remove it."
    echo "Your saves and settings are kept, in $kept: delete those too to remove them."
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
  "$here/catgames.desktop.in" > "$entry"
command -v update-desktop-database >/dev/null && update-desktop-database "$apps" || true
echo "catgames is in the menu (Games): $entry"
