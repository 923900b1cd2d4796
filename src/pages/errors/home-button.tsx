import { HomeOutlined } from '@ant-design/icons';
import { useTranslate } from '@refinedev/core';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { ROUTES } from '../../routes.ts';

/** The way out of a page that cannot be shown: HOME. */
export function HomeButton() {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Button type="primary" icon={<HomeOutlined />} onClick={() => navigate(ROUTES.HOME)}>
      {translate('buttons.goHome')}
    </Button>
  );
}
