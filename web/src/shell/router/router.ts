import { createHashRouter } from 'react-router-dom';
import { routerAskedAddress, setAskedAddressSource } from '@/core/navigation/askedAddress';
import { routes } from './routes';

export function createAppRouter() {
  const router = createHashRouter(routes);
  setAskedAddressSource(() => routerAskedAddress(router));
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
