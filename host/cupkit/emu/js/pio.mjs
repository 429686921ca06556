// The PIO blocks in step with the core.
//
// rp2040js runs its state machines on host timers (1000 instructions, then a
// setTimeout), so their pins change out of step with emulated time, and not at all
// while a stepped run holds the event loop. CircuitPython drives the WS2812 strip
// through a PIO program (MicroPython bit-bangs it), so the strip's pulses must have
// their true lengths in the chip's time. Here the blocks' own scheduler is switched
// off and the run loop hands over the cycles that pass: each enabled state machine
// runs its instructions, each lasting 1 + its delay cycles at its clock divider, and
// the pins it drives change at the cycle they would.

export class PioClock {
  constructor(mcu) {
    this.pios = mcu.pio;
    for (const pio of this.pios) {
      pio.run = () => {}; // rp2040js starts its timer loop here when a machine is enabled
      for (const sm of pio.machines) sm.lag = 0; // PIO cycles owed to the machine
    }
  }

  /** True while a state machine is enabled: the run loop then steps the PIO. */
  get running() {
    return !this.pios[0].stopped || !this.pios[1].stopped;
  }

  /** Let cycles of the system clock pass for every enabled state machine. */
  advance(cycles) {
    for (const pio of this.pios) {
      if (pio.stopped) continue;
      for (const sm of pio.machines) {
        if (!sm.enabled) {
          sm.lag = 0;
          continue;
        }
        const div = (sm.clockDivInt || 65536) + sm.clockDivFrac / 256;
        sm.lag += cycles / div;
        while (sm.lag > 0) {
          const before = sm.cycles;
          sm.step();
          pio.checkChangedPins();
          const took = sm.cycles - before;
          if (took <= 0) {
            sm.lag = 0; // stalled (waiting, or on an empty FIFO): the time passes idle
            break;
          }
          sm.lag -= took;
        }
      }
    }
  }
}
