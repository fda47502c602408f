import { registerTopic } from '../../events/hub.js';

/** Device presence changes reach the browsers of those who may read devices. */
registerTopic('devices', { cls: 'devices' });
