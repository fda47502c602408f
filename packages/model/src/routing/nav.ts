import type { NavSection } from '../nav-entry.js';
import { navOf } from '../nav-entry.js';
import { chatGateways } from './chat-gateways.js';
import { chatplan } from './chatplan.js';
import { dialplan } from './dialplan.js';
import { flows } from './flows.js';
import { sipGateways } from './sip-gateways.js';

export const routingNav: NavSection = {
  area: 'routing',
  entries: [
    navOf(flows, 'flow'),
    navOf(dialplan, 'dialplan'),
    navOf(sipGateways, 'sipGateways'),
    navOf(chatplan, 'chatplan'),
    navOf(chatGateways, 'chatGateways'),
  ],
};
