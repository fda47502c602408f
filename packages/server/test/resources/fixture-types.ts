import type { TestServer } from '../harness.js';

/** What a generated suite knows of a resource: its bodies, invalid cases and setup. */
type Body = Record<string, unknown>;

export type InvalidCase = {
  /** What the case breaks, for the test name. */
  rule: string;
  body: Body;
  field: string;
  /** The spec's message where it has one. */
  message?: string;
  /** Which write the case applies to (default both create and update). */
  on?: 'create' | 'update';
};

/** How the generated suites make and change records of one resource (the parts its `ops` allow). */
export type Fixture = {
  /** A valid create body whose search value (see `searchValue`) starts with `prefix`. */
  create?(prefix: string): Body;
  /** The value a search finds a record by: from the create body, or from a listed item where the resource does not create. */
  searchValue(record: Body): string;
  /** A valid full update (PUT) body. */
  update?(prefix: string): Body;
  /** A valid partial change and a field it changes, to check PATCH leaves other fields alone. */
  patch?: Body;
  /** A field PATCH must not touch when absent, with a value create sets. */
  untouched?: string;
  invalid: InvalidCase[];
  /** Global permissions the routes need besides the class rights (for the access suite's actors). */
  permissions?: string[];
  /** Class grants the access suite's actors need besides the resource's own (to read what bodies refer to). */
  grants?: Record<string, string>;
  /** Records are limited (one config per object): delete them before each test that creates. */
  exclusive?: boolean;
  /**
   * A nested resource: makes a parent record on this server and answers its id. A resource that
   * does not create gets its records made under the parent here.
   */
  parent?: (s: TestServer, token: string) => Promise<number>;
  /** Creates what the bodies refer to (a flow, say) on this server, before they are used. */
  prepare?: (s: TestServer, token: string) => Promise<void>;
  /** A valid body of a bulk PATCH (`ops.bulkPatch`), for the access suite. */
  bulkPatch?: Body;
  /** A resource with variants: a valid create body of each variant, by its key. */
  variants?: Record<string, (prefix: string) => Body>;
};
