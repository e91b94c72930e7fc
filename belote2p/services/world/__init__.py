"""The world daily seen from the game's side: the protocol's values and the
one client module (``client``) that speaks it.  It never imports the server:
the window, the commands and the tests reach the server over HTTP only."""
