import type { FastifyInstance } from 'fastify';
import type { ServerArea } from '../engine/area.js';
import './sip-gateways/events.js';
import { chatGatewaysResource } from './chat-gateways/chat-gateways.js';
import { registerChatPageRoutes } from './chat-gateways/pages.js';
import { chatplanResource } from './chatplan.js';
import { dialplanResource } from './dialplan/dialplan.js';
import { registerDialplanRoutes } from './dialplan/routes.js';
import { flowsResource } from './flows/flows.js';
import { flowVersionsResource, registerFlowRoutes } from './flows/routes.js';
import { sipGatewaysResource } from './sip-gateways/sip-gateways.js';

export const routing: ServerArea = {
  resources: [
    flowsResource,
    flowVersionsResource,
    dialplanResource,
    chatplanResource,
    sipGatewaysResource,
    chatGatewaysResource,
  ],
  register(app: FastifyInstance) {
    registerFlowRoutes(app);
    registerDialplanRoutes(app);
    registerChatPageRoutes(app);
  },
};
