import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/** The wallet's Add Money modal, handed in by the route (a feature never imports another's components). */
export type AddMoneyComponent = ComponentType<{ open: boolean; onClose: () => void }>;

const AddMoneyContext = createContext<AddMoneyComponent | null>(null);

export function AddMoneyProvider({ AddMoney, children }: { AddMoney: AddMoneyComponent; children: ReactNode }) {
  return <AddMoneyContext.Provider value={AddMoney}>{children}</AddMoneyContext.Provider>;
}

/** The Add Money modal of the page, or null when the page was rendered without one. */
export function useAddMoney(): AddMoneyComponent | null {
  return useContext(AddMoneyContext);
}
