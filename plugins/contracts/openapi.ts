// The contracts plugin's API beside its resources in /api/openapi.json: signing and rejecting a
// contract, its PDF, verification (upload, a contract's or a kept document's by hash) and the
// platform root certificate (public, like any CA certificate).
import { errors, fileResponse, json, okResponse, type Json, type OpenApiParts } from '@core/server';
import { CONTRACT_PERMS, VERIFY_PERM } from './common';

const str = { type: 'string' };
const bool = { type: 'boolean' };
const int = { type: 'integer' };
const nullable = (type: string): Json => ({ type: [type, 'null'] });
const id: Json = { name: 'id', in: 'path', required: true, description: 'the contract id', schema: { type: 'integer', minimum: 1 } };

export function contractsOpenapi(doc: OpenApiParts, t: (key: string) => string): void {
  const tag = `contracts: ${t('contracts:menu.contract')}`;
  const op = (operationId: string, permission: string, summary: string, rest: Json): Json => ({ tags: [tag], summary, operationId, 'x-permission': permission, ...rest });

  doc.schemas.contracts_verification = {
    type: 'object',
    description: "a PDF's signatures checked against the platform CA, and the platform's record of the file (found by its SHA-256)",
    properties: {
      fileName: str,
      documentHash: { type: 'string', pattern: '^[0-9a-f]{64}$', description: 'SHA-256 of the whole file (hex)' },
      signatures: {
        type: 'array',
        items: {
          type: 'object',
          properties: {
            index: { type: 'integer', description: '1-based, in file order' },
            signer: nullable('string'),
            issuer: nullable('string'),
            chain: { type: 'array', items: str, description: 'common names from the signer certificate up to the root' },
            signingTime: { ...nullable('string'), description: 'ISO 8601' },
            trusted: { ...bool, description: 'the chain leads to a root the platform trusts (its own CA)' },
            valid: { ...bool, description: 'digest, signature and coverage good, and not changed after it (pages added after it sealed by a later trusted signature count as unchanged); trust apart' },
            digestValid: bool,
            signatureValid: bool,
            coversWholeDocumentUpToIt: bool,
            modifiedAfter: { ...bool, description: 'pagesChangedAfter or pages added after it' },
            pagesChangedAfter: bool,
            pagesAddedAfter: int,
            addedPagesSealed: { ...bool, description: 'the pages added after it (the certificate page) are covered by a later valid, trusted signature' },
            problems: { type: 'array', items: str, description: 'what failed, in English' },
          },
          required: ['index', 'signer', 'issuer', 'chain', 'signingTime', 'trusted', 'valid', 'digestValid', 'signatureValid', 'coversWholeDocumentUpToIt', 'modifiedAfter', 'pagesChangedAfter', 'pagesAddedAfter', 'addedPagesSealed', 'problems'],
        },
      },
      record: {
        description: 'null: the platform kept no such file',
        oneOf: [
          { type: 'null' },
          {
            type: 'object',
            properties: {
              known: { type: 'boolean', const: true },
              stage: { type: 'string', description: 'generated, signed-<n> (after the n-th signature), final (with the certificate page) or offline (a scan)' },
              contract: {
                description: 'null when the caller is neither the platform nor a party of the contract',
                oneOf: [
                  { type: 'null' },
                  {
                    type: 'object',
                    properties: {
                      id: int,
                      contractNo: str,
                      title: str,
                      status: { type: 'string', enum: ['draft', 'signing', 'normal', 'expired', 'abnormal'] },
                      expiryDate: { ...nullable('string'), description: 'YYYY-MM-DD' },
                      parties: {
                        type: 'array',
                        items: { type: 'object', properties: { name: str, status: { type: 'string', enum: ['pending', 'signed', 'rejected'] } }, required: ['name', 'status'] },
                      },
                    },
                    required: ['id', 'contractNo', 'title', 'status', 'expiryDate', 'parties'],
                  },
                ],
              },
            },
            required: ['known', 'stage', 'contract'],
          },
        ],
      },
    },
    required: ['fileName', 'documentHash', 'signatures', 'record'],
  };
  const verification = { $ref: '#/components/schemas/contracts_verification' };

  doc.paths['/api/contracts/contract/{id}/sign'] = {
    post: op('contracts_contract_sign', CONTRACT_PERMS.sign, "The caller's enterprise signs the contract, in its turn, with the account password re-entered and one of its enabled seals (the last signature completes it)", {
      parameters: [id],
      requestBody: {
        required: true,
        content: json({ type: 'object', properties: { password: { type: 'string', description: "the signing account's password" }, sealId: { type: 'integer', minimum: 1 } }, required: ['password', 'sealId'] }),
      },
      responses: {
        200: okResponse('signed; normal when it was the last signature', { type: 'object', properties: { status: { type: 'string', enum: ['signing', 'normal'] } }, required: ['status'] }),
        ...errors('Forbidden', 'NotFound'),
      },
    }),
  };
  doc.paths['/api/contracts/contract/{id}/reject'] = {
    post: op('contracts_contract_reject', CONTRACT_PERMS.reject, 'The party whose turn it is refuses to sign: the contract becomes abnormal with the reason', {
      parameters: [id],
      requestBody: { required: true, content: json({ type: 'object', properties: { reason: { type: 'string', minLength: 1 } }, required: ['reason'] }) },
      responses: { 200: okResponse('rejected', { type: 'null' }), ...errors('Forbidden', 'NotFound') },
    }),
  };
  doc.paths['/api/contracts/contract/{id}/pdf'] = {
    get: op('contracts_contract_pdf', CONTRACT_PERMS.list, "The contract's PDF as it stands (draft, signed by some parties, completed with its certificate page, or an offline contract's scan), to the platform and the contract's parties", {
      parameters: [id, { name: 'download', in: 'query', description: '1: as an attachment (otherwise shown inline)', schema: { type: 'string', enum: ['0', '1'] } }],
      responses: { 200: fileResponse('the PDF', ['application/pdf']), ...errors('Forbidden', 'NotFound') },
    }),
  };
  doc.paths['/api/contracts/verify'] = {
    get: op('contracts_verify_stored', VERIFY_PERM, "Verifies a contract's current PDF (contractId, for the platform and its parties) or a document the platform kept (hash, as the certificate page's QR code asks)", {
      parameters: [
        { name: 'contractId', in: 'query', schema: { type: 'integer', minimum: 1 } },
        { name: 'hash', in: 'query', description: 'SHA-256 of a kept document (hex), when contractId is not given', schema: { type: 'string', pattern: '^[0-9a-f]{64}$' } },
      ],
      responses: { 200: okResponse('the verification report', verification), ...errors('Forbidden', 'NotFound') },
    }),
    post: op('contracts_verify_upload', VERIFY_PERM, "Verifies an uploaded PDF's signatures (at most 20 MB) and looks it up among the documents the platform kept", {
      requestBody: { required: true, content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary', description: 'a PDF' } }, required: ['file'] } } } },
      responses: { 200: okResponse('the verification report', verification), ...errors('Forbidden') },
    }),
  };
  doc.paths['/api/contracts/ca.pem'] = {
    get: {
      tags: [tag],
      summary: "The platform's root certificate (PEM), to trust it in a PDF reader",
      operationId: 'contracts_ca_pem',
      'x-access': 'public',
      security: [],
      responses: { 200: fileResponse('the certificate', ['application/x-pem-file']) },
    },
  };
}
