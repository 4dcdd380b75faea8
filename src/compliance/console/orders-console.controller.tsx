import { Controller, Get, Param, Query, UseGuards } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '../../common/decorators/public.decorator';
import { ApiError } from '../../common/http/api-error';
import { ListOrdersQuery } from '../../orders/dto/list-orders.query';
import { OrdersService } from '../../orders/orders.service';
import type { PageLanguage } from '../../web/language';
import { PageRoute } from '../../web/page-reply';
import { PageLang } from '../../web/page-request';
import { PageResult, pageResult } from '../../web/page-result';
import { consoleMessages } from './console-messages';
import type { ConsoleViewer } from './console-sign-in.service';
import { ConsoleViewerGuard, Viewer } from './console-viewer.guard';
import { ordersConsoleMessages } from './orders-console.messages';
import { ConsoleMessagePage } from './pages/console-frame';
import { filterQuery } from './pages/list-parts';
import { OrderPage } from './pages/order-page';
import { OrderFilterValues, ORDERS_PATH, OrdersPage } from './pages/orders-page';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const FILTER_NAMES = ['from', 'to', 'buyer', 'supplier', 'finding', 'delivery'] as const;

/** The console's order pages: the list with its filters, and one order beside its cart. */
@ApiExcludeController()
@Public()
@UseGuards(ConsoleViewerGuard)
@Controller('audit/console/orders')
export class OrdersConsoleController {
  constructor(private readonly orders: OrdersService) {}

  @Get()
  @PageRoute()
  async list(
    @Viewer() viewer: ConsoleViewer,
    @PageLang() lang: PageLanguage,
    @Query() query: Record<string, unknown>,
  ): Promise<PageResult> {
    const text = consoleMessages(lang);
    const words = ordersConsoleMessages(lang);
    const filters: OrderFilterValues = {};
    for (const name of FILTER_NAMES) {
      const value = query[name];
      if (typeof value === 'string' && value.trim() !== '') filters[name] = value.trim();
    }
    const cursor = typeof query.cursor === 'string' ? query.cursor : undefined;
    const frame = { lang, text, words, viewer, filters, isFirstPage: !cursor };
    const checked = ListOrdersQuery.check({ ...filters, ...(cursor ? { cursor } : {}) });
    if (!checked.ok) return pageResult(<OrdersPage {...frame} problems={[checked.issue.message]} />, 400);
    const page = await this.orders.list(viewer.organizationId, checked.value).catch((error: unknown) => {
      if (error instanceof ApiError && error.getStatus() === 400) return error;
      throw error;
    });
    if (page instanceof ApiError)
      return pageResult(<OrdersPage {...frame} problems={[page.description]} />, 400);
    const query_ = filterQuery(filters);
    const nextQuery = page.next
      ? `${query_ ? `${query_}&` : '?'}cursor=${encodeURIComponent(page.next)}`
      : undefined;
    return pageResult(<OrdersPage {...frame} page={page} nextQuery={nextQuery} />);
  }

  @Get(':id')
  @PageRoute()
  async order(
    @Viewer() viewer: ConsoleViewer,
    @PageLang() lang: PageLanguage,
    @Param('id') id: string,
  ): Promise<PageResult> {
    const text = consoleMessages(lang);
    const words = ordersConsoleMessages(lang);
    const order = UUID.test(id)
      ? await this.orders.detail(viewer.organizationId, id.toLowerCase(), false).catch((error: unknown) => {
          if (error instanceof ApiError && error.getStatus() === 404) return undefined;
          throw error;
        })
      : undefined;
    if (!order) {
      return pageResult(
        <ConsoleMessagePage
          lang={lang}
          messages={text}
          viewer={viewer}
          title={words.listTitle}
          text={words.notFound}
          link={{ href: ORDERS_PATH, label: words.backToList }}
        />,
        404,
      );
    }
    return pageResult(<OrderPage lang={lang} text={text} words={words} viewer={viewer} order={order} />);
  }
}
