"""Host-side solitaire players that the greedy benchmark measures."""
