import { createHashRouter } from 'react-router-dom';
import { routes } from './routes';

export function createAppRouter() {
  return createHashRouter(routes);
}

export type AppRouter = ReturnType<typeof createAppRouter>;
