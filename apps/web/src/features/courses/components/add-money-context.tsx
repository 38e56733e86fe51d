import type { Money } from '@parley/domain/money';
import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * The wallet's Add Money modal, handed in by the route (a feature never imports another's
 * components); `suggested` is what a purchase is short of, filled in.
 */
export type AddMoneyComponent = ComponentType<{ open: boolean; onClose: () => void; suggested?: Money | undefined }>;

const AddMoneyContext = createContext<AddMoneyComponent | null>(null);

export function AddMoneyProvider({ AddMoney, children }: { AddMoney: AddMoneyComponent; children: ReactNode }) {
  return <AddMoneyContext.Provider value={AddMoney}>{children}</AddMoneyContext.Provider>;
}

/** The Add Money modal of the page, or null when the page was rendered without one. */
export function useAddMoney(): AddMoneyComponent | null {
  return useContext(AddMoneyContext);
}
