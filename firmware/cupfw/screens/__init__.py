"""The screens outside a game: the menu, a pack's page, the settings, text pages (rules, statistics, notes)."""
