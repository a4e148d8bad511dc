// 已签文件's parts: the signing units as chips by state (as in the inquiry), the signed PDF to
// download, and 验签 (the verification page, checking this contract's file).
import type { MouseEvent } from 'react';
import { IconButton, Tooltip } from '@mui/material';
import VerifiedOutlinedIcon from '@mui/icons-material/VerifiedOutlined';
import { Link as RemixLink } from '@remix-run/react';
import { useTranslation } from 'react-i18next';
import type { ScreenParts } from '@core/client';
import { K } from '../contract';
import { PartyChips, PdfActions, type ContractRow } from './parties';

export default function useSignedScreen(): ScreenParts {
  const { t } = useTranslation();
  return {
    renderCell: {
      partyNames: (row) => <PartyChips row={row as ContractRow} />,
    },
    rowActions: (r) => {
      const row = r as ContractRow;
      return (
        <>
          <PdfActions row={row} open={false} testId="signed" />
          <Tooltip title={t(`${K}.ui.verify`)}>
            <IconButton
              size="small"
              color="primary"
              component={RemixLink}
              to={`/contract/signingCeremony?contractId=${row.id}`}
              aria-label={t(`${K}.ui.verify`)}
              data-testid={`signed-verify-${row.id}`}
              onClick={(e: MouseEvent) => e.stopPropagation()}
            >
              <VerifiedOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      );
    },
  };
}
