import type { FastifyInstance } from 'fastify';
import { homePage } from './home.page.js';

export async function pageRoutes(app: FastifyInstance) {
  const html = homePage();
  app.get('/', async (_req, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html));
}
