"""Self-play's record of an engine whose actions have codes (Yamb): a byte an action."""


class Codes:
    """A record's actions as the codes of an engine that has them (its Game.codes() lists what legal() does,
    its say(code) is the text), a byte each, read as a list of their texts is (each made when it is read;
    a record of Yamb's 500 actions would be a list and 65 strings, 8 KB). replay reads it, cupfw.store
    writes it; list() makes it plain JSON."""

    def __init__(self, say):
        self.say = say
        self.codes = bytearray()

    def play(self, game, rng, cap):
        """selfplay.play's loop: each action drawn from game.codes(), which lists what legal() does, as
        from legal(), its text made to apply it."""
        while not game.over and len(self.codes) < cap:
            c = game.codes()
            c = c[rng.below(len(c))]
            game.apply(self.say(c))
            self.codes.append(c)

    def __len__(self):
        return len(self.codes)

    def __eq__(self, x):
        return list(self) == list(x)

    def __getitem__(self, i):
        """An action, or a list of them for a slice."""
        if type(i) is int:
            return self.say(self.codes[i])
        return [self.say(c) for c in self.codes[i]]

