// rp2040js, from the folder where the launcher installed it (npm ci into the cache;
// see cupkit/emu/node.py): its path comes in CUPKIT_RP2040JS, so these sources can
// stay in the package while node_modules lives outside it.

import { pathToFileURL } from 'node:url';

const where = process.env.CUPKIT_RP2040JS;
if (!where) {
  throw new Error('CUPKIT_RP2040JS is not set: start the emulator with `cupkit emu`');
}
const rp = await import(pathToFileURL(where).href);

export const {
  BasePeripheral,
  DataDirection,
  DescriptorType,
  GPIOPinState,
  I2CMode,
  RP2040,
  SetupRecipient,
  SetupType,
  createSetupPacket,
  getDescriptorPacket,
  setDeviceAddressPacket,
  setDeviceConfigurationPacket,
} = rp;
