import { useEffect, useState } from 'react';
import type * as Contract from './contract-bundle';

export type ContractModule = typeof Contract;

let loading: Promise<ContractModule> | undefined;
let loaded: ContractModule | undefined;

/**
 * The contract's schemas and zod, fetched on first use (docs/decisions: web first load). Zod and
 * the schemas are about 45 KB of gzip JavaScript that no page needs before it shows: an answer
 * is checked when it arrives (the fetch and this import run side by side) and a form when it is
 * first validated. One chunk, loaded once, for every page.
 */
export function loadContract(): Promise<ContractModule> {
  loading ??= import('./contract-bundle').then((contract) => (loaded = contract));
  return loading;
}

/**
 * The contract for a render: `undefined` while it loads (at once when it already has), `null`
 * when it could not be fetched (the page's requests then fail with NETWORK_ERROR and offer a
 * retry).
 */
export function useContract(): ContractModule | null | undefined {
  const [contract, setContract] = useState<ContractModule | null | undefined>(loaded);
  useEffect(() => {
    if (contract !== undefined) return;
    let live = true;
    loadContract().then(
      (module) => live && setContract(module),
      () => live && setContract(null),
    );
    return () => {
      live = false;
    };
  }, [contract]);
  return contract;
}
