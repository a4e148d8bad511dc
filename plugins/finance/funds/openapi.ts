// Documents the fund reminder calls of SPEC §7 (/api/payAdvance/…), served outside the resource
// engine: the count the reminder badge shows and a page of the fund list behind it.
import { errors, json, okResponse, type Json, type OpenApiParts } from '@core/server';

export function fundsOpenApi(doc: OpenApiParts, t: (key: string) => string): void {
  const tag = `finance: ${t('finance:funds.badge')}`;
  const who = 'roles ZWYCAU, customs_admin, PTGL or the fund sub-ledger permission; customers see only their own sub-accounts';
  doc.schemas.finance_fundRow = {
    type: 'object',
    description: 'a sub-account whose available balance is under its reminder threshold',
    properties: {
      customerName: { type: 'string', description: t('finance:funds.customerName') },
      subAccNo: { type: 'string', description: t('finance:funds.subAccNo') },
      remainingMoney: { type: 'string', pattern: '^-?\\d+\\.\\d{2}$', description: `${t('finance:funds.remainingMoney')} (decimal string, 2 places)` },
    },
    required: ['customerName', 'subAccNo', 'remainingMoney'],
  };
  doc.paths['/api/payAdvance/zjCount'] = {
    get: {
      tags: [tag],
      summary: `Fund reminder count (${who})`,
      responses: {
        200: okResponse('data.data: number of sub-accounts under their reminder threshold', { type: 'object', properties: { data: { type: 'integer', minimum: 0 } }, required: ['data'] }),
        ...errors('Forbidden'),
      },
    },
  };
  const positive = (example: number, max?: number): Json => ({ type: 'integer', minimum: 1, ...(max ? { maximum: max } : {}), example });
  doc.paths['/api/payAdvance/selectZjtxList'] = {
    post: {
      tags: [tag],
      summary: `Fund reminder list, one page (${who})`,
      requestBody: {
        required: true,
        content: json({
          type: 'object',
          properties: {
            Data: {
              type: 'object',
              properties: {
                Parameters: {
                  type: 'object',
                  properties: {
                    CFD: {
                      type: 'object',
                      description: 'paging; an invalid value falls back to page 1, size 10; the size is capped at 100',
                      properties: { currentPage: positive(1), pageSize: positive(10, 100) },
                    },
                  },
                },
              },
            },
          },
        }),
      },
      responses: {
        200: okResponse('one page of fund rows and the total', {
          type: 'object',
          properties: {
            rows: { type: 'array', items: { $ref: '#/components/schemas/finance_fundRow' } },
            total: { type: 'integer', minimum: 0 },
            currentPage: { type: 'integer' },
            pageSize: { type: 'integer' },
          },
          required: ['rows', 'total'],
        }),
        ...errors('Forbidden'),
      },
    },
  };
}
