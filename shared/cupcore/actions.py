"""A game record's actions in a byte each: see Actions."""


class Actions:
    """A game's actions, read as a list of them is, a byte each: the action's place among the game's
    different actions. (Mafia's 900 rolls for 6 players, a list, would be one 7 KB block of a
    64-bit heap; here 900 bytes.) The device keeps a game's record so (cupfw.store's pieces()
    writes it as the record's JSON list; cupfw.saved reads one in, action by action), and so
    does self-play where the heap is small."""

    def __init__(self, acts):
        self.words = []
        self.codes = bytearray()
        for a in acts:
            self.append(a)

    def append(self, a):
        w = self.words
        if a not in w:
            w.append(a)
            if len(w) == 257:  # more than a byte tells apart: a list of numbers from here on
                self.codes = list(self.codes)
        self.codes.append(w.index(a))

    def __len__(self):
        return len(self.codes)

    def __eq__(self, other):
        return list(self) == other

    def __getitem__(self, i):
        """An action, or a list of them for a slice (the store writes 16 at a time)."""
        if type(i) is int:
            return self.words[self.codes[i]]
        return [self.words[c] for c in self.codes[i]]
