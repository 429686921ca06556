"""Bench mode, for `cupkit bench pico`: the least free heap seen on each screen, on the serial console.

A file named bench in the data folder turns it on at boot (cupfw.start); normal play never
imports this module. After each frame it shows, the app collects the heap and notes gc.mem_free() (live
objects only: without the collection the garbage of a 240 KB heap would fill it); when it
leaves a screen it prints the least seen there, `cupkit bench: heap games.mia 201232`.
Nothing is printed while a screen is open, so nothing of its state (a hidden cup) reaches
the console before the screen is left.
"""

import gc


def attach(app):
    if not hasattr(gc, "mem_free"):  # CPython: nothing to measure
        return
    b = app.b
    show = b.show
    switch = app.switch
    low = [0]

    def shown():
        show()
        gc.collect()
        m = gc.mem_free()
        if not low[0] or m < low[0]:
            low[0] = m

    def switched():
        if app.name and low[0]:
            print("cupkit bench: heap %s %d" % (app.name, low[0]))
        low[0] = 0
        switch()

    b.show = shown
    app.switch = switched
