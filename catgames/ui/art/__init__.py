"""The app's pictures, drawn by code: cats in one house style, the title's covers, the tables'
backgrounds and the pieces' shadows.  Everything here is painted once per size and kept, so a
frame only blits (the calm machine draws nothing it drew before)."""
