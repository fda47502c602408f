import { chatGateways, chatplan, dialplan, flows, sipGateways } from '@switchboard/model';
import { Navigate, type RouteObject } from 'react-router';
import { editor, guarded, resourceRoutes, screen } from '../../app/resource-routes';

const FlowsList = screen(() => import('./flows/FlowsList'), 'FlowsList');
const FlowEdit = screen(() => import('./flows/FlowEdit'), 'FlowEdit');
const DialplanList = screen(() => import('./dialplan/DialplanList'), 'DialplanList');
const DialplanEdit = screen(() => import('./dialplan/DialplanEdit'), 'DialplanEdit');
const ChatplanList = screen(() => import('./chatplan/ChatplanList'), 'ChatplanList');
const ChatplanEdit = screen(() => import('./chatplan/ChatplanEdit'), 'ChatplanEdit');
const SipGatewaysList = screen(() => import('./sip-gateways/SipGatewaysList'), 'SipGatewaysList');
const RegisterGatewayEdit = screen(() => import('./sip-gateways/SipGatewayEdit'), 'RegisterGatewayEdit');
const TrunkingGatewayEdit = screen(() => import('./sip-gateways/SipGatewayEdit'), 'TrunkingGatewayEdit');
const ChatGatewaysList = screen(() => import('./chat-gateways/ChatGatewaysList'), 'ChatGatewaysList');
const ChatGatewayEdit = screen(() => import('./chat-gateways/ChatGatewayEdit'), 'ChatGatewayEdit');

/** Routing routes, relative to the admin layout; each screen loads on demand. */
export const routes: RouteObject[] = [
  ...resourceRoutes(flows, { list: FlowsList, edit: FlowEdit }),
  ...resourceRoutes(dialplan, { list: DialplanList, edit: DialplanEdit }),
  ...resourceRoutes(chatplan, { list: ChatplanList, edit: ChatplanEdit }),
  { path: 'routing/sip-gateways', element: guarded(sipGateways, SipGatewaysList) },
  { path: 'routing/sip-gateways/register/:id', element: editor(sipGateways, RegisterGatewayEdit) },
  { path: 'routing/sip-gateways/trunking/:id', element: editor(sipGateways, TrunkingGatewayEdit) },
  // The editors' way back (`..`) leads here: the list holds both variants.
  { path: 'routing/sip-gateways/register', element: <Navigate to="/routing/sip-gateways" replace /> },
  { path: 'routing/sip-gateways/trunking', element: <Navigate to="/routing/sip-gateways" replace /> },
  ...resourceRoutes(chatGateways, { list: ChatGatewaysList, edit: ChatGatewayEdit }),
];
