// Which resource a form's image fields upload for (`plugin.name`): the resource dialog and the
// document editor provide it, so a field input needs no more than its declaration.
import { createContext, useContext } from 'react';

export const UploadTarget = createContext<string | null>(null);

export const useUploadTarget = () => useContext(UploadTarget);
