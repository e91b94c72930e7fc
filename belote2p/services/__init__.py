"""Application services: what the window programs and the command line share
beyond the core (the run's life cycle, the player's language).  No pygame here."""
