import { MemoryEventBus } from '../../src/adapters/memory-event-bus.js';
import { eventBusContract } from './event-bus.contract.js';

eventBusContract('in-process', { open: async () => new MemoryEventBus() });
