// Everything after login: antd (AntdProvider), react-query, the hash router and the layout.
// Loaded lazily so that the guest path never fetches antd.
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter } from 'react-router-dom';
import { store } from '@scrm/web-kit';
import { AntdProvider } from '../antd-provider';
import { queryClient } from './query-client';
import { AppRoutes } from './router';

dayjs.locale('zh-cn');


// Another account logged in: nothing cached for the previous one may show.
let userId = store.get('userInfo').id;
store.subscribe('userInfo', (user) => {
  if (user.id !== userId) {
    userId = user.id;
    queryClient.clear();
  }
});

export default function LoggedInApp() {
  return (
    <AntdProvider>
      <QueryClientProvider client={queryClient}>
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      </QueryClientProvider>
    </AntdProvider>
  );
}
