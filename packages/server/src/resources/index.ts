import type { FastifyInstance } from 'fastify';

/** Placeholder until the resource engine registers its routes here. */
export async function registerResources(_app: FastifyInstance) {}
