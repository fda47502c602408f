import { sipGateways } from '@switchboard/model';
import type { RouteObject } from 'react-router';
import { guarded, screen, variantRoutes } from '../../app/resource-routes';

const SipGatewaysList = screen(() => import('./sip-gateways/SipGatewaysList'), 'SipGatewaysList');
const RegisterGatewayEdit = screen(() => import('./sip-gateways/SipGatewayEdit'), 'RegisterGatewayEdit');
const TrunkingGatewayEdit = screen(() => import('./sip-gateways/SipGatewayEdit'), 'TrunkingGatewayEdit');

/** Routing routes of their own shape, relative to the admin layout (see `areas/screens.tsx`). */
export const routes: RouteObject[] = [
  // One list holds both variants; each has its own editor.
  { path: 'routing/sip-gateways', element: guarded(sipGateways, SipGatewaysList) },
  ...variantRoutes(sipGateways, { register: RegisterGatewayEdit, trunking: TrunkingGatewayEdit }),
];
