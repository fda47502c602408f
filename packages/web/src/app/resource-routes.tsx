import { guardingRight, type Permission, type ResourceDef, type Right } from '@switchboard/model';
import { type ComponentType, createElement, type ReactNode } from 'react';
import { Navigate, type RouteObject, useParams } from 'react-router';
import { NEW } from '../kit/edit/newId';
import { NotFoundPage } from '../pages/NotFoundPage';
import { lazyScreen } from './lazy';
import { RequireAccess } from './RequireAccess';

/** A screen module exports its component by name; lazyScreen wants it as the default. */
export const screen = <K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) =>
  lazyScreen(() => load().then((m) => ({ default: m[name] })));

/** What guards a screen: a definition (its rights as the server checks them) or a bare class. */
type Guard = ResourceDef | string | null;

const classFor = (guard: Guard, right: Right): { objClass: string | null; right: Right; permission?: Permission } =>
  guard !== null && typeof guard === 'object' ? guardingRight(guard, right) : { objClass: guard, right };

/** A record id in a URL: a positive whole number. */
export const isRecordId = (raw: string | undefined) => raw !== undefined && /^[1-9]\d{0,15}$/.test(raw);

/** Each `:param` of the route that names a record must be one; else the page does not exist. */
function RequireIds({ children }: { children: ReactNode }) {
  const params = useParams();
  const bad = Object.entries(params).some(
    ([key, value]) => key !== '*' && !(key === 'id' && value === NEW) && !isRecordId(value),
  );
  return bad ? <NotFoundPage /> : children;
}

/** A screen that wants the read right. */
export const guarded = (guard: Guard, Screen: ComponentType): RouteObject['element'] => {
  const g = classFor(guard, 'r');
  return (
    <RequireIds>
      <RequireAccess cls={g.objClass} right={g.right} permission={g.permission}>
        <Screen />
      </RequireAccess>
    </RequireIds>
  );
};

/** `/new` creates, so it wants the create right: without it the form could never be saved. */
function RequireEditAccess({ guard, children }: { guard: Guard; children: ReactNode }) {
  const { id } = useParams();
  const g = classFor(guard, id === NEW ? 'x' : 'r');
  return (
    <RequireAccess cls={g.objClass} right={g.right} permission={g.permission}>
      {children}
    </RequireAccess>
  );
}

/** An editor: `/new` wants the create right, `/{id}` the read right (Save shows with the edit right). */
export const editor = (guard: Guard, Screen: ComponentType): RouteObject['element'] => (
  <RequireIds>
    <RequireEditAccess guard={guard}>
      <Screen />
    </RequireEditAccess>
  </RequireIds>
);

/** The generic list and edit screens (one chunk), bound to a definition. */
const loadKit = () =>
  Promise.all([
    import('../kit/list/ResourceList'),
    import('../kit/edit/ResourceEdit'),
    import('../kit/edit/NestedEdit'),
  ]).then(([l, e, n]) => ({ ResourceList: l.ResourceList, ResourceEdit: e.ResourceEdit, NestedEdit: n.NestedEdit }));
const genericScreen = (def: ResourceDef, which: 'ResourceList' | 'ResourceEdit' | 'NestedEdit') =>
  lazyScreen(() =>
    loadKit().then((kit) => ({
      default: function GenericScreen() {
        return createElement(kit[which], { def });
      },
    })),
  );

/**
 * The list at the definition's route and `/new`, `/{id}` beside it. Without screens of its own a
 * resource gets the generic ones (its definition needs a `form` for the editor).
 */
export function resourceRoutes(
  def: ResourceDef,
  screens: { list?: ComponentType; edit?: ComponentType } = {},
): RouteObject[] {
  const base = def.route.slice(1);
  return [
    { path: base, element: guarded(def, screens.list ?? genericScreen(def, 'ResourceList')) },
    { path: `${base}/:id`, element: editor(def, screens.edit ?? genericScreen(def, 'ResourceEdit')) },
  ];
}

/**
 * The editor of a nested resource's record below its parent's editor (`/lookups/blacklist/{listId}/{id}`),
 * guarded by the rights the server checks (the parent's where it guards). Its list is a tab of the
 * parent's editor (NestedList).
 */
export function nestedRoutes(def: ResourceDef, screens: { edit?: ComponentType } = {}): RouteObject[] {
  if (!def.parent) throw new Error(`${def.name} is not nested`);
  const base = def.parent.resource.route.slice(1);
  return [
    {
      // The console names the parent `parentId` whatever the API calls it (it may be `id` too).
      path: `${base}/:parentId/:id`,
      element: editor(def, screens.edit ?? genericScreen(def, 'NestedEdit')),
    },
  ];
}

/**
 * A list and its editors beside it under the singular name (`email-profile/{id}` beside
 * `email-profiles`, as the spec places them); the editor's way back (`..`) leads to the list.
 */
export function besideRoutes(
  def: ResourceDef,
  editRoute: string,
  list: ComponentType,
  edit: ComponentType,
): RouteObject[] {
  const path = editRoute.slice(1);
  return [
    { path: def.route.slice(1), element: guarded(def, list) },
    { path: `${path}/:id`, element: editor(def, edit) },
    { path, element: <Navigate to={def.route} replace /> },
  ];
}

/**
 * Editors of a resource by variant below its list (`/routing/sip-gateways/register/{id}`), each
 * guarded as an editor; the way back from one (`..`, the variant's own path) leads to the list.
 */
export function variantRoutes(def: ResourceDef, editors: Readonly<Record<string, ComponentType>>): RouteObject[] {
  const base = def.route.slice(1);
  return Object.entries(editors).flatMap(([variant, edit]) => [
    { path: `${base}/${variant}/:id`, element: editor(def, edit) },
    { path: `${base}/${variant}`, element: <Navigate to={def.route} replace /> },
  ]);
}
