// Documents GET /api/portal/public/series/{kind}: the display series for the public portal
// (unauthenticated, read-only, cacheable), served outside the resource engine.
import { errors, okResponse, type Json, type OpenApiParts } from '@core/server';
import { MAX_DAYS, MAX_MONTHS } from './publicSeries';
import { SERIES } from './series';

const str = { type: 'string' };

export function displayOpenApi(doc: OpenApiParts, t: (key: string) => string): void {
  const tag = `portal: ${t('portal:display.name')}`;
  doc.schemas.portal_seriesPoint = {
    type: 'object',
    description: 'one value of a series on a day (throughput: a month YYYY-MM)',
    properties: {
      date: str,
      series: { type: 'string', description: 'the series key: the port, index, cargo type, goods, product, ore type or currency pair' },
      seriesLabel: { type: 'string', description: 'the series key in the asked language' },
      value: { type: 'number', description: 'the day’s value, aggregated like the staff chart (weather: the highest temperature °C)' },
      condition: { type: 'string', description: 'weather only: sunny, cloudy, rain, storm or fog' },
      conditionLabel: { type: 'string', description: 'weather only: the condition in the asked language' },
      minTemp: { type: 'number', description: 'weather only: the lowest temperature °C' },
    },
    required: ['date', 'series', 'seriesLabel', 'value'],
  };
  doc.schemas.portal_classRow = {
    type: 'object',
    description: 'a regular ship, bus or rail service in operation',
    properties: {
      mode: { type: 'string', enum: ['ship', 'bus', 'rail'] },
      modeLabel: str,
      lineName: str,
      origin: str,
      destination: str,
      departureTime: { type: 'string', pattern: '^\\d{2}:\\d{2}$' },
      arrivalTime: { type: 'string', pattern: '^\\d{2}:\\d{2}$', description: 'earlier than the departure: the next day' },
      days: { type: 'array', items: { type: 'string', enum: ['1', '2', '3', '4', '5', '6', '7'] }, description: 'ISO weekdays of service, Monday 1' },
      daysLabel: str,
      operator: str,
    },
    required: ['mode', 'modeLabel', 'lineName', 'origin', 'destination', 'departureTime', 'arrivalTime', 'days', 'daysLabel', 'operator'],
  };
  const points: Json = {
    type: 'object',
    properties: {
      kind: str,
      unit: { type: ['string', 'null'], description: 'the values’ unit in the asked language (none for exchange rates: see the pair)' },
      from: str,
      to: str,
      points: { type: 'array', items: { $ref: '#/components/schemas/portal_seriesPoint' } },
    },
    required: ['kind', 'unit', 'from', 'to', 'points'],
  };
  const classes: Json = {
    type: 'object',
    properties: { kind: { type: 'string', const: 'classes' }, unit: { type: 'null' }, rows: { type: 'array', items: { $ref: '#/components/schemas/portal_classRow' } } },
    required: ['kind', 'unit', 'rows'],
  };
  const kinds = [...Object.keys(SERIES), 'classes'];
  doc.paths['/api/portal/public/series/{kind}'] = {
    get: {
      tags: [tag],
      operationId: 'portal_publicSeries',
      summary: `A display series for the public portal (public, read-only; ETag and Cache-Control max-age 300, If-None-Match answers 304). Daily kinds answer points between from and to (default the last 90 days, at most ${MAX_DAYS}); throughput answers months (YYYY-MM or YYYY-MM-DD bounds, default the last 12 months, at most ${MAX_MONTHS}); classes answers the services in operation as rows instead of points.`,
      'x-access': 'public',
      security: [],
      parameters: [
        { name: 'kind', in: 'path', required: true, schema: { type: 'string', enum: kinds } },
        { name: 'from', in: 'query', required: false, schema: { type: 'string', example: '2026-09-01' } },
        { name: 'to', in: 'query', required: false, schema: { type: 'string', example: '2026-11-28' } },
        { name: 'lang', in: 'query', required: false, schema: { type: 'string', enum: ['zh', 'en', 'my'], default: 'zh' } },
      ],
      responses: {
        200: okResponse('the series (or, for classes, its rows)', { oneOf: [points, classes] }),
        304: { description: 'Not modified: the client’s If-None-Match names the current answer' },
        ...errors('NotFound'),
      },
    },
  };
}
