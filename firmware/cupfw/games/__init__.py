"""The game screens: one module per engine, each a play.Game subclass named Screen."""
