// /customsDeclare/declaration: import and export declarations (进出口整合申报). The list
// comes from the resource engine; add/edit open the full-screen declaration editor.
import type { LoaderFunctionArgs } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { Button } from '@mui/material';
import VisibilityIcon from '@mui/icons-material/Visibility';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getLang, resourcePageData } from '@core/server';
import { localizeLookups } from '@core/shared';
import { ResourcePage, useNotify } from '@core/client';
import { declarationDef } from '../declaration';
import { declarationResource } from '../declaration.server';
import { DeclarationEditor } from '../ui/DeclarationEditor';

export const loader = async ({ request }: LoaderFunctionArgs) => {
  // The header's and the lines' code lists come with the resource's page (HS codes, 10,000 of
  // them, are searched on the server instead); units, currencies, countries, customs and ports
  // in the interface language where the tables have it.
  const data = await resourcePageData(declarationResource, request);
  return { ...data, lookups: localizeLookups(data.lookups, await getLang(request)) };
};

export default function DeclarationPage() {
  const data = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  const { toast } = useNotify();
  const [viewing, setViewing] = useState<Record<string, unknown> | null>(null);
  return (
    <>
      <ResourcePage
        def={declarationDef}
        data={data}
        actions={(selected, reload) => (
          <Button
            variant="outlined"
            startIcon={<VisibilityIcon />}
            data-testid="toolbar-view"
            onClick={() => {
              if (selected.length !== 1) return toast(t('core:common.selectFirst'), { severity: 'warning' });
              setViewing({ ...selected[0], reload });
            }}
          >
            {t('customs:declarations.action.view')}
          </Button>
        )}
        renderForm={({ row, onClose, onSaved }) => (
          <DeclarationEditor
            row={row}
            lookups={data.lookups}
            canEdit={row ? data.can.update : data.can.create}
            canSubmit={data.can.transitions.includes('submit')}
            onClose={onClose}
            onSaved={onSaved}
          />
        )}
      />
      {viewing && <DeclarationEditor row={viewing} lookups={data.lookups} canEdit={false} canSubmit={false} onClose={() => setViewing(null)} onSaved={() => (viewing.reload as () => void)()} />}
    </>
  );
}
