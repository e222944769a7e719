import { useNavigate } from 'react-router-dom';
import { MSG } from '@vanhop/contracts';
import { Button } from '..';

export function NotFoundPage() {
  const navigate = useNavigate();
  return (
    <section className="not-found page">
      <h1>{MSG.notFound.title}</h1>
      <p>{MSG.notFound.body}</p>
      <Button variant="primary" onClick={() => navigate('/')}>
        {MSG.notFound.button}
      </Button>
    </section>
  );
}

export default NotFoundPage;
