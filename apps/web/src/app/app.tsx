import { BrowserRouter } from 'react-router';
import { AppRoutes } from './app-routes';
import { Providers } from './providers';
import { routes } from './routes';

export function App() {
  return (
    <Providers>
      <BrowserRouter>
        <AppRoutes routes={routes} />
      </BrowserRouter>
    </Providers>
  );
}
