import type { OrderList, OrderListBody } from '@scrm/contracts/order';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { post, type QueryConfig } from '@scrm/web-kit';
import { SEAT_ROOT_KEY } from './seat-keys';

// Under the seats' key: a payment confirmed or an order cancelled refreshes the figures and the orders together.
export const ordersKey = (body: OrderListBody) => [...SEAT_ROOT_KEY, 'orders', body] as const;
export const listOrders = (body: OrderListBody) => post<OrderList>('/api/qw/order/get/list', body);
export const ordersQueryOptions = (body: OrderListBody) => queryOptions({ queryKey: ordersKey(body), queryFn: () => listOrders(body) });
export const useOrders = (body: OrderListBody, config: QueryConfig<typeof ordersQueryOptions> = {}) => useQuery({ ...ordersQueryOptions(body), ...config });
