// GET /api/contracts/ca.pem: the platform's root certificate (PEM), to trust it in a PDF reader
// or an NSS database; public like any CA certificate.
import { publicApi } from '@core/server';
import { rootCertificatePem } from '../../seals/keys.server';

export const loader = publicApi(async ({ knex }) => new Response(await rootCertificatePem(knex), { headers: { 'content-type': 'application/x-pem-file', 'content-disposition': 'attachment; filename="platform-root-ca.pem"', 'cache-control': 'public, max-age=3600' } }));
