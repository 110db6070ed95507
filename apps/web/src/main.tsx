import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { getDeviceId } from './lib/device';
import './index.css';

// A first visit derives the device id (a hash, answered in a later task) while the page's code
// starts, so the page's first requests go out at once.
void getDeviceId();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
